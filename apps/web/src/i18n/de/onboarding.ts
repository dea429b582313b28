/** German texts of the onboarding area (Sie-form). */
export const onboarding = {
  title: 'Einrichtung',
  stepWelcome: 'Willkommen',
  stepAccount: 'E-Mail-Konto verbinden',
  stepFetch: 'E-Mails abrufen',
  stepCategories: 'Kategorien',
  stepFinish: 'Fertig',
  stepSkipped: 'Übersprungen',
  stepOf: 'Schritt {{step}} von {{count}}: {{label}}',
  loadFailed: 'Ihr Stand der Einrichtung konnte nicht geladen werden.',
  welcomeTitle: 'Willkommen bei Brieftaube, {{name}}!',
  welcomeText:
    'Schön, dass Sie da sind. In wenigen Schritten richten wir Brieftaube für Sie ein. Anschließend verbinden Sie Ihre E-Mail-Konten und legen Kategorien fest, nach denen die KI Ihre Post sortiert.',
  welcomePoints: [
    'Alle Postfächer in einer Oberfläche',
    'KI-Sortierung nach Ihren eigenen Kategorien',
    'Suche und Antworten auf Fragen zu Ihrer Post',
  ],
  accountTitle: 'Ihr erstes E-Mail-Konto',
  accountText:
    'Verbinden Sie das Postfach, das Sie mit Brieftaube lesen möchten. Weitere Konten können Sie später jederzeit hinzufügen.',
  skip: 'Später einrichten',
  fetchTitle: 'Ihre E-Mails werden abgerufen',
  fetchText:
    'Brieftaube lädt zuerst die Ordner und die neuesten Nachrichten Ihres Posteingangs, der Rest folgt im Hintergrund. Sie können jederzeit weitergehen – der Abruf läuft weiter.',
  fetchTitleDone: 'Ihre E-Mails sind da',
  fetchTextDone:
    'Ordner und Nachrichten Ihres Postfachs sind abgerufen. Neue E-Mails erscheinen von nun an von selbst.',
  fetchStarting: 'Der Abruf wird gestartet …',
  fetchProgress: 'Fortschritt des E-Mail-Abrufs',
  fetchPercent: '{{percent}} %',
  fetchDone: 'Der erste Abruf ist abgeschlossen.',
  fetchFailed: 'Der Abruf ist fehlgeschlagen.',
  fetchStartFailed: 'Der Abruf konnte nicht gestartet werden.',
  fetchCancelled: 'Der Abruf wurde abgebrochen.',
  retry: 'Erneut versuchen',
  editAccount: 'Einstellungen ändern',
  editTitle: 'Einstellungen Ihres E-Mail-Kontos',
  editText: 'Korrigieren Sie Passwort oder Servereinstellungen; danach startet der Abruf erneut.',
  continueAnyway: 'Trotzdem fortfahren',
  continueInBackground: 'Im Hintergrund fortsetzen',
  categoriesTitle: 'Kategorien für Ihre Post',
  categoriesText:
    'Wählen Sie, in welche Kategorien die KI Ihre E-Mails sortieren soll. Die Beschreibung sagt ihr, was hineingehört; ändern können Sie alles später unter „Kategorien verwalten“.',
  categoriesOwn: 'Aus Ihren E-Mails',
  categoriesCommon: 'Häufig genutzt',
  categoriesSearching: 'Die KI sucht Gruppen ähnlicher E-Mails …',
  categoriesNone: 'Die KI hat in Ihren E-Mails keine deutlichen Gruppen gefunden.',
  categoriesSize_one: '1 E-Mail',
  categoriesSize_other: '{{count}} E-Mails',
  categoriesSubmit_one: '1 Kategorie anlegen und einsortieren',
  categoriesSubmit_other: '{{count}} Kategorien anlegen und einsortieren',
  categoriesSkip: 'Überspringen',
  categoriesFiling: 'Die KI sortiert Ihre E-Mails ein …',
  categoriesDone_one: 'Fertig: 1 E-Mail wurde einsortiert.',
  categoriesDone_other: 'Fertig: {{count}} E-Mails wurden einsortiert.',
  categoriesFailed: 'Die Kategorien konnten nicht angelegt werden.',
  commonCategories: [
    {
      name: 'Rechnungen',
      description:
        'Rechnungen, Zahlungserinnerungen und Abrechnungen von Händlern, Versorgern und Dienstleistern.',
    },
    {
      name: 'Newsletter',
      description:
        'Newsletter, Werbung und Angebote von Shops und Diensten, die ich abonniert habe.',
    },
    {
      name: 'Bestellungen',
      description: 'Bestellbestätigungen, Versand- und Lieferinformationen von Onlineshops.',
    },
    { name: 'Reisen', description: 'Buchungen, Fahrkarten, Flüge, Hotels und Reiseunterlagen.' },
    { name: 'Familie', description: 'Private E-Mails von Familie und Freunden.' },
  ],
  finishTitle: 'Alles bereit',
  finishText:
    'Ihr Konto ist eingerichtet. E-Mail-Konten können Sie jederzeit unter „Konten verwalten“ hinzufügen.',
  finishTextConnected:
    'Ihr E-Mail-Konto {{email}} ist verbunden. Weitere Konten fügen Sie jederzeit unter „Konten verwalten“ hinzu; eigene Kategorien legen Sie unter „Kategorien verwalten“ an.',
  finishSubmit: 'Zu Brieftaube',
  finishError: 'Die Einrichtung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.',
} as const;
