import { accounts } from './de/accounts.ts';
import { categories } from './de/categories.ts';
import { compose } from './de/compose.ts';
import { email } from './de/email.ts';
import { mailbox } from './de/mailbox.ts';
import { tasks } from './de/tasks.ts';
import { layout } from './de/layout.ts';
import { onboarding } from './de/onboarding.ts';
import { categoryDialog } from './de/category-dialog.ts';
import { folders } from './de/folders.ts';
import { ai } from './de/ai.ts';

/** Every text the user reads, in one place (one file per area under de/). Sie-form throughout. */
export const de = {
  mailbox,
  email,
  compose,
  accounts,
  categories,
  tasks,
  layout,
  onboarding,
  categoryDialog,
  folders,
  ai,
  common: {
    appName: 'Brieftaube',
    login: 'Anmelden',
    register: 'Registrieren',
    startFree: 'Kostenlos starten',
    toApp: 'Zum Posteingang',
    logout: 'Abmelden',
    cancel: 'Abbrechen',
    back: 'Zurück',
    next: 'Weiter',
    close: 'Schließen',
    loading: 'Wird geladen …',
    themeToLight: 'Helles Design aktivieren',
    themeToDark: 'Dunkles Design aktivieren',
    showPassword: 'Passwort anzeigen',
    hidePassword: 'Passwort verbergen',
    homeLink: 'Brieftaube – zur Startseite',
  },
  routeError: {
    title: 'Diese Seite konnte nicht angezeigt werden',
    text: 'Vermutlich wurde Brieftaube gerade aktualisiert. Bitte laden Sie die Seite neu; Ihre Daten sind nicht betroffen.',
    reload: 'Seite neu laden',
    home: 'Zum Posteingang',
  },
  errors: {
    network:
      'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
    unexpected: 'Es ist ein unerwarteter Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
    sessionExpired: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    rateLimited_other:
      'Zu viele Anmeldeversuche. Bitte warten Sie {{minutes}} Minuten und versuchen Sie es dann erneut.',
    rateLimited_one:
      'Zu viele Anmeldeversuche. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
    registrationRateLimited_other:
      'Zu viele Registrierungsversuche. Bitte warten Sie {{minutes}} Minuten und versuchen Sie es dann erneut.',
    registrationRateLimited_one:
      'Zu viele Registrierungsversuche. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
    invalidCredentials: 'Benutzername, E-Mail-Adresse oder Passwort ist nicht korrekt.',
    fieldsInvalid: 'Bitte prüfen Sie die markierten Felder.',
  },
  fieldErrors: {
    REQUIRED: 'Dieses Feld ist erforderlich.',
    INVALID: 'Dieser Wert ist ungültig.',
    TOO_LONG: 'Die Eingabe ist zu lang.',
    USERNAME_INVALID: 'Der Benutzername darf nur Buchstaben, Ziffern sowie @ . + - _ enthalten.',
    USERNAME_TAKEN: 'Dieser Benutzername ist bereits vergeben.',
    EMAIL_INVALID: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    EMAIL_TAKEN: 'Mit dieser E-Mail-Adresse ist bereits ein Konto registriert.',
    PASSWORD_MISMATCH: 'Die Passwörter stimmen nicht überein.',
    PASSWORD_TOO_SHORT: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
    PASSWORD_TOO_COMMON: 'Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.',
    PASSWORD_TOO_SIMILAR:
      'Das Passwort ähnelt zu sehr Ihrem Benutzernamen oder Ihrer E-Mail-Adresse.',
    PASSWORD_ENTIRELY_NUMERIC: 'Das Passwort darf nicht nur aus Ziffern bestehen.',
    SEARCH_DATE_INVALID:
      'Das Datum in der Suche ist ungültig. Bitte geben Sie es als TT.MM.JJJJ oder JJJJ-MM-TT an, zum Beispiel vor:1.10.2026 oder nach:2026-10-01.',
  },
  landing: {
    navFeatures: 'Funktionen',
    navSecurity: 'Sicherheit',
    navFaq: 'Fragen',
    heroEyebrow: 'Quelloffen · Auf Deutsch · Funktioniert offline',
    heroTitle: 'Ihre E-Mails. Endlich im Griff.',
    heroText:
      'Brieftaube vereint alle Ihre Postfächer – Gmail, Outlook, Yahoo, GMX, WEB.DE oder jeder IMAP-Server – in einer schnellen Oberfläche. Eine KI sortiert Ihre Post in Ihre eigenen Kategorien, findet jede Nachricht wieder und beantwortet Fragen zu Ihrem Postfach.',
    heroPrimary: 'Jetzt Konto anlegen',
    heroSecondary: 'Ich habe schon ein Konto',
    heroNote: 'Keine Kreditkarte. Keine Cloud-Pflicht. Ihre Daten bleiben bei Ihnen.',
    previewInbox: 'Posteingang',
    previewItems: [
      { from: 'Stadtwerke Leipzig', subject: 'Ihre Jahresabrechnung 2026', tag: 'Rechnungen' },
      { from: 'Deutsche Bahn', subject: 'Ihre Reiseverbindung nach Hamburg', tag: 'Reisen' },
      { from: 'Julia Wagner', subject: 'AW: Protokoll der Teambesprechung', tag: 'Arbeit' },
      {
        from: 'Sportverein Grün-Weiß',
        subject: 'Einladung zur Mitgliederversammlung',
        tag: 'Verein',
      },
    ],
    featuresTitle: 'Alles, was ein moderner E-Mail-Client können muss',
    featuresText: 'Und ein paar Dinge, die Ihnen kein anderer bietet.',
    features: [
      {
        icon: 'tag-multiple-outline',
        title: 'KI-Kategorien nach Ihren Regeln',
        text: 'Legen Sie eigene Kategorien an und beschreiben Sie in einem Satz, was hineingehört. Die KI ordnet neue Nachrichten zu und lernt aus Ihren Korrekturen.',
      },
      {
        icon: 'magnify',
        title: 'Suchen und Fragen stellen',
        text: '„Wann kommt mein Paket?“ oder „Was hat Herr Schmidt zum Angebot geschrieben?“ – Brieftaube durchsucht Ihre Post und antwortet mit Quellen.',
      },
      {
        icon: 'pencil-outline',
        title: 'Schreibhilfe, die Sie kennt',
        text: 'Antwortvorschläge im richtigen Ton, auf Deutsch und in Sie-Form – Sie entscheiden, was gesendet wird.',
      },
      {
        icon: 'email-multiple-outline',
        title: 'Alle Konten an einem Ort',
        text: 'Google, Microsoft, Yahoo oder jeder IMAP/SMTP-Server. Ordner, Entwürfe und Gesendetes bleiben mit Ihrem Anbieter synchron.',
      },
      {
        icon: 'lightning-bolt-outline',
        title: 'Schnell auch bei großen Postfächern',
        text: 'Hunderttausend Nachrichten? Kein Problem. Die erste Seite Ihres Posteingangs steht nach Sekunden bereit, der Rest folgt im Hintergrund.',
      },
      {
        icon: 'wifi-off',
        title: 'Läuft auf Ihrem Rechner – auch offline',
        text: 'Ein Befehl genügt: Datenbank und KI laufen lokal, ohne Cloud-Dienst. Für Anbieter skaliert dieselbe Software auf viele Server.',
      },
    ],
    stepsTitle: 'In drei Schritten startklar',
    steps: [
      { title: 'Konto anlegen', text: 'Benutzername, E-Mail-Adresse und Passwort – fertig.' },
      {
        title: 'Postfach verbinden',
        text: 'Melden Sie sich bei Google oder Microsoft an oder geben Sie Ihre IMAP-Daten ein.',
      },
      {
        title: 'Kategorien festlegen',
        text: 'Beschreiben Sie Ihre Kategorien – die KI sortiert ab sofort für Sie.',
      },
    ],
    securityTitle: 'Sicherheit ist die Voreinstellung',
    security: [
      'Fremde HTML-Mails werden bereinigt und abgeschottet dargestellt; externe Bilder bleiben blockiert, bis Sie sie erlauben.',
      'Zugangsdaten Ihrer Postfächer werden verschlüsselt gespeichert und niemals protokolliert.',
      'Passwörter werden mit Argon2id gesichert, Sitzungen lassen sich jederzeit beenden.',
      'Ihre E-Mails verlassen Ihren Rechner nicht – es sei denn, Sie verbinden bewusst ein externes KI-Modell.',
    ],
    compareTitle: 'Warum Brieftaube?',
    compareText:
      'Klassische Webmailer wie Roundcube kennen keine KI und werden bei großen Postfächern träge. KI-Mailer aus der Cloud verlangen Gmail und ein fremdes Rechenzentrum. Brieftaube verbindet beides: jeder IMAP-Server, KI-Unterstützung und volle Kontrolle über Ihre Daten.',
    faqTitle: 'Häufige Fragen',
    faq: [
      {
        q: 'Was kostet Brieftaube?',
        a: 'Nichts. Brieftaube ist quelloffen und kostenlos – auf Ihrem eigenen Rechner oder Server.',
      },
      {
        q: 'Welche E-Mail-Anbieter werden unterstützt?',
        a: 'Gmail, Outlook/Hotmail, Yahoo sowie alle Anbieter mit IMAP und SMTP, zum Beispiel GMX, WEB.DE, T-Online oder IONOS.',
      },
      {
        q: 'Liest die KI meine E-Mails in der Cloud?',
        a: 'Nein. Standardmäßig arbeitet eine lokale KI direkt auf Ihrem Rechner. Ein externes Modell nutzen Sie nur, wenn Sie es ausdrücklich einrichten.',
      },
      {
        q: 'Werden meine E-Mails beim Anbieter verändert?',
        a: 'Nur wenn Sie es möchten: Gelesen-Status, Markierungen, Verschieben und Löschen werden mit Ihrem Postfach abgeglichen – wie bei jedem guten E-Mail-Programm.',
      },
    ],
    ctaTitle: 'Bereit für ein aufgeräumtes Postfach?',
    ctaText: 'Legen Sie in einer Minute Ihr Konto an und verbinden Sie Ihr erstes Postfach.',
    ctaButton: 'Brieftaube ausprobieren',
    aboutTitle: 'Über uns',
    aboutText:
      'Brieftaube wird von einem kleinen Team entwickelt, das E-Mail für das wichtigste offene Kommunikationsmittel hält – und findet, dass gute KI-Werkzeuge nicht an einen einzelnen Anbieter gebunden sein sollten.',
    privacyTitle: 'Datenschutz',
    privacyText:
      'Brieftaube speichert nur, was für den Betrieb nötig ist: Ihr Benutzerkonto sowie die Nachrichten und Einstellungen Ihrer verbundenen Postfächer. Es gibt keine Werbung, kein Tracking und keine Weitergabe an Dritte.',
    footerProduct: 'Produkt',
    footerCompany: 'Unternehmen',
    footerFeatures: 'Funktionen',
    footerSteps: 'So funktioniert’s',
    footerSecurity: 'Sicherheit',
    footerFaq: 'Häufige Fragen',
    footerAbout: 'Über uns',
    footerPrivacy: 'Datenschutz',
    footerOpenSource: 'Open Source',
    footerCopyright: '© {{year}} Brieftaube. Mit Sorgfalt in Deutschland entwickelt.',
  },
  auth: {
    loginTitle: 'Willkommen zurück',
    loginSubtitle: 'Melden Sie sich bei Brieftaube an.',
    oauthPending:
      'Sie kommen von Ihrem E-Mail-Anbieter zurück, sind aber nicht angemeldet. Melden Sie sich an, um die Verbindung abzuschließen – bis dahin wurde kein Konto verbunden.',
    identifier: 'Benutzername oder E-Mail-Adresse',
    password: 'Passwort',
    loginSubmit: 'Anmelden',
    noAccount: 'Noch kein Konto?',
    toRegister: 'Jetzt registrieren',
    registerTitle: 'Konto erstellen',
    registerSubtitle: 'Kostenlos und in einer Minute startklar.',
    username: 'Benutzername',
    email: 'E-Mail-Adresse',
    password1: 'Passwort',
    password2: 'Passwort bestätigen',
    passwordHint: 'Mindestens 8 Zeichen, nicht nur Ziffern.',
    registerSubmit: 'Konto erstellen',
    haveAccount: 'Sie haben bereits ein Konto?',
    toLogin: 'Anmelden',
  },
  screens: {
    emailListTitle: 'Posteingang',
    emailListEmpty: 'Noch keine E-Mails',
    emailListEmptyText: 'Sobald Sie ein E-Mail-Konto verbinden, erscheinen Ihre Nachrichten hier.',
    comingTitle: '{{title}}',
    comingText: 'Dieser Bereich wird gerade eingerichtet und steht in Kürze zur Verfügung.',
    emailDetail: 'E-Mail Details',
    accounts: 'E-Mail-Konten',
    categories: 'Kategorien',
    categoryDetail: 'Kategorie Details',
    compose: 'Neue E-Mail',
    oauthCallback: 'Anmeldung wird abgeschlossen …',
  },
} as const;

export type Messages = typeof de;
