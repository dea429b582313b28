/** German texts of the accounts area (Sie-form). */
export const accounts = {
  title: 'E-Mail-Konten',
  intro:
    'Verbinden Sie Ihre Postfächer mit Brieftaube. Ihre Zugangsdaten werden verschlüsselt gespeichert.',
  add: 'Konto hinzufügen',
  loadError: 'Die E-Mail-Konten konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  emptyTitle: 'Noch kein E-Mail-Konto verbunden',
  emptyText:
    'Verbinden Sie Ihr erstes Postfach – Gmail, Outlook, Yahoo, GMX, WEB.DE oder jeden anderen IMAP/SMTP-Anbieter.',
  listLabel: 'Verbundene E-Mail-Konten',

  // Card
  emails_one: '{{formatted}} E-Mail',
  emails_other: '{{formatted}} E-Mails',
  unread_one: '{{formatted}} ungelesen',
  unread_other: '{{formatted}} ungelesen',
  imapSummary: 'IMAP: {{host}}:{{port}} ({{security}})',
  smtpSummary: 'SMTP: {{host}}:{{port}} ({{security}})',
  usernameSummary: 'Benutzername: {{username}}',
  lastSync: 'Zuletzt synchronisiert: {{when}}',
  justNow: 'gerade eben',
  neverSynced: 'Noch nicht synchronisiert',
  syncRunning: 'Synchronisierung läuft …',
  lastSyncError: 'Letzter Abruf fehlgeschlagen: {{message}}',
  actionsLabel: 'Aktionen für {{email}}',
  sync: 'Synchronisieren',
  syncStarted: 'Der E-Mail-Abruf für {{email}} wurde gestartet.',
  syncFailed: 'Der E-Mail-Abruf konnte nicht gestartet werden.',
  testConnection: 'Verbindung testen',
  edit: 'Bearbeiten',
  remove: 'Entfernen',
  moreActions: 'Weitere Aktionen für {{email}}',

  // Derived status (spec §4)
  status: {
    needsReauth: 'Konto benötigt Neu-Authentifizierung',
    oauthGoogle: 'Verbunden via Google OAuth',
    oauthMicrosoft: 'Verbunden via Microsoft OAuth',
    oauthYahoo: 'Verbunden via Yahoo OAuth',
    password: 'Verbunden mit Passwort (IMAP/SMTP)',
    incomplete: 'Konto nicht vollständig konfiguriert',
    syncFailed: 'Verbindungsproblem',
    convertible:
      'Sicherer ist die Anmeldung über Google (OAuth): Brieftaube braucht dann kein Passwort mehr. Ihre E-Mails und Kategorien bleiben erhalten.',
    convert: 'Auf Google-Anmeldung umstellen',
    reauthText:
      'Der Anbieter hat den Zugriff von Brieftaube beendet, etwa nach einer Passwortänderung. Melden Sie sich erneut an; Ihre E-Mails und Kategorien bleiben erhalten.',
    reauth: 'Erneut verbinden',
  },

  provider: {
    google: 'Google',
    microsoft: 'Microsoft',
    yahoo: 'Yahoo',
    imap: 'IMAP/SMTP',
  },

  security: {
    ssl: 'SSL/TLS',
    starttls: 'STARTTLS',
    none: 'Keine',
  },
  /** Beside host:port on an account card, where a bare 'Keine' would say nothing. */
  securityOnCard: {
    ssl: 'SSL/TLS',
    starttls: 'STARTTLS',
    none: 'unverschlüsselt',
  },

  // Connection test (spec §7)
  test: {
    title: 'Verbindungstest',
    running: 'Verbindung wird getestet …',
    success: 'Die Verbindung funktioniert. Brieftaube kann E-Mails abrufen und senden.',
    partial: 'Die Verbindung ist nur teilweise gelungen.',
    failure: 'Die Verbindung ist fehlgeschlagen.',
    imap: 'Posteingangsserver (IMAP)',
    smtp: 'Postausgangsserver (SMTP)',
    ok: 'Verbindung und Anmeldung erfolgreich',
    serverSaid: 'Meldung des Servers: {{message}}',
    close: 'Testergebnis schließen',
    requestFailed: 'Der Verbindungstest konnte nicht durchgeführt werden.',
    rateLimited_one:
      'In kurzer Zeit gab es sehr viele Verbindungstests oder fehlgeschlagene Verbindungen. Bitte warten Sie eine Minute.',
    rateLimited_other:
      'In kurzer Zeit gab es sehr viele Verbindungstests oder fehlgeschlagene Verbindungen. Bitte warten Sie {{minutes}} Minuten.',
    needsPassword:
      'Für einen anderen Server geben Sie bitte das Passwort erneut ein: Das gespeicherte Passwort wird nur an den bisherigen Server gesendet.',
    errors: {
      AUTH_FAILED:
        'Anmeldung fehlgeschlagen: Der Server hat Benutzername oder Passwort abgelehnt. Manche Anbieter verlangen ein App-Passwort.',
      HOST_NOT_FOUND: 'Der Server wurde nicht gefunden. Bitte prüfen Sie den Servernamen.',
      CONNECTION_REFUSED:
        'Der Server hat die Verbindung abgelehnt. Bitte prüfen Sie Servername und Port.',
      TLS_ERROR:
        'Die verschlüsselte Verbindung konnte nicht aufgebaut werden. Bitte prüfen Sie Port und Sicherheit (SSL/TLS oder STARTTLS).',
      TIMEOUT:
        'Der Server antwortet nicht (Zeitüberschreitung). Bitte prüfen Sie Servername, Port und Ihre Internetverbindung.',
      PROTOCOL_ERROR: 'Der Server hat unerwartet geantwortet. Passen Port und Sicherheit zusammen?',
      HOST_BLOCKED:
        'Diese Serveradresse führt in ein internes Netz und ist auf diesem Server nicht erlaubt. Bitte geben Sie die Adresse Ihres Mailanbieters an.',
      TOO_MANY_CONNECTIONS:
        'Der Server lässt keine weitere Verbindung zu: zu viele gleichzeitige Verbindungen, etwa von anderen Geräten. Bitte versuchen Sie es in einigen Minuten erneut.',
      TOO_MANY_ATTEMPTS:
        'Zu viele fehlgeschlagene Verbindungsversuche in kurzer Zeit. Bitte warten Sie einige Minuten.',
      UNKNOWN: 'Die Verbindung ist aus unbekanntem Grund fehlgeschlagen.',
    },
  },

  // Delete (spec §7 DELETE /api/accounts/{id}/)
  delete: {
    title: 'E-Mail-Konto entfernen?',
    text: 'Das Konto „{{email}}“ wird aus Brieftaube entfernt. Dabei werden alle in Brieftaube gespeicherten E-Mails, Ordner und Kategorien dieses Kontos gelöscht.',
    serverSafe:
      'Auf Ihrem Mailserver wird nichts gelöscht: Ihre E-Mails bleiben dort unverändert erhalten. Sie können das Konto jederzeit erneut verbinden.',
    confirm: 'Konto entfernen',
    done: 'Das Konto {{email}} wurde entfernt.',
    failed: 'Das Konto konnte nicht entfernt werden.',
  },

  saved: 'Die Änderungen an {{email}} wurden gespeichert.',
  created: 'Das Konto {{email}} wurde hinzugefügt. Ihre E-Mails werden jetzt abgerufen.',

  // Setup
  setup: {
    addTitle: 'E-Mail-Konto hinzufügen',
    editTitle: 'E-Mail-Konto bearbeiten',
    chooseTitle: 'Welchen Anbieter nutzen Sie?',
    chooseText: 'Wählen Sie Ihren E-Mail-Anbieter. Die Servereinstellungen tragen wir für Sie ein.',
    tiles: {
      google: { title: 'Google', text: 'Gmail und Google Workspace' },
      microsoft: { title: 'Microsoft', text: 'Outlook.com, Hotmail und Live' },
      yahoo: { title: 'Yahoo', text: 'Yahoo Mail' },
      imap: {
        title: 'Anderer Anbieter (IMAP/SMTP)',
        text: 'GMX, WEB.DE, T-Online, IONOS, Posteo und alle weiteren',
      },
    },
    changeProvider: 'Anderen Anbieter wählen',
    oauth: {
      connect: {
        google: 'Mit Google verbinden',
        microsoft: 'Mit Microsoft verbinden',
        yahoo: 'Mit Yahoo verbinden',
      },
      recommended:
        'Empfohlen: Sie melden sich direkt bei {{provider}} an und erlauben Brieftaube den Zugriff auf Ihre E-Mails. Ihr Passwort erfährt Brieftaube dabei nie.',
      orPassword: 'oder mit App-Passwort (IMAP/SMTP)',
      notConfigured:
        'Die Anmeldung über {{provider}} ist auf diesem Server nicht eingerichtet. Verbinden Sie Ihr Konto hier per IMAP/SMTP mit einem App-Passwort.',
      startFailed: 'Die Anmeldung bei {{provider}} konnte nicht gestartet werden.',
    },
    appPasswordHint: {
      google:
        'So erhalten Sie ein App-Passwort: Aktivieren Sie in Ihrem Google-Konto die Bestätigung in zwei Schritten und erstellen Sie dann unter „Sicherheit“ › „App-Passwörter“ ein Passwort für Brieftaube. Ihr normales Google-Passwort funktioniert hier nicht.',
      microsoft:
        'Ist die zweistufige Überprüfung aktiv, erstellen Sie unter account.microsoft.com › „Sicherheit“ ein App-Kennwort und verwenden Sie es hier.',
      yahoo:
        'Yahoo verlangt für E-Mail-Programme ein App-Passwort: Erstellen Sie es in Ihren Yahoo-Kontoeinstellungen unter „Kontosicherheit“ › „App-Passwort generieren“.',
    },
    email: 'E-Mail-Adresse',
    emailPlaceholder: 'name@beispiel.de',
    displayName: 'Anzeigename',
    displayNameHint: 'So erscheint Ihr Name bei den Empfängern, z. B. „Erika Mustermann“.',
    password: 'Passwort',
    passwordAppHint: 'Ihr App-Passwort für Brieftaube',
    passwordKeep: 'Leer lassen, um das Passwort nicht zu ändern',
    passwordOAuth:
      'Angemeldet über {{provider}}: Leer lassen. Ein Passwort hier ersetzt die Anmeldung über {{provider}}.',
    serverSettings: 'Servereinstellungen',
    presetApplied: 'Einstellungen für {{label}} wurden eingetragen.',
    guessed: 'Bitte prüfen Sie die Servereinstellungen Ihres Anbieters.',
    imapTitle: 'Posteingang (IMAP)',
    smtpTitle: 'Postausgang (SMTP)',
    imapServer: 'IMAP-Server',
    smtpServer: 'SMTP-Server',
    port: 'Port',
    imapPort: 'IMAP-Port',
    smtpPort: 'SMTP-Port',
    imapSecurity: 'IMAP-Sicherheit',
    smtpSecurity: 'SMTP-Sicherheit',
    username: 'Benutzername (falls abweichend)',
    usernameHint: 'Nur nötig, wenn sich Ihr Anmeldename von der E-Mail-Adresse unterscheidet.',
    noEncryption:
      'Ohne Verschlüsselung gehen Passwort und Nachrichten lesbar über das Netz. Wählen Sie das nur für einen Server in Ihrem eigenen Netz.',
    submitAdd: 'Konto hinzufügen',
    submitSave: 'Speichern',
    saveFailed: 'Das Konto konnte nicht gespeichert werden.',
    submitAnyway: 'Trotzdem hinzufügen',
    saveAnyway: 'Trotzdem speichern',
    notVerifiedEdit:
      'Die Änderungen wurden noch nicht gespeichert, weil der Verbindungstest fehlgeschlagen ist. Bitte prüfen Sie die Angaben – oder speichern Sie trotzdem, etwa wenn der Server gerade nicht erreichbar ist.',
    notVerified:
      'Das Konto wurde noch nicht hinzugefügt, weil der Verbindungstest fehlgeschlagen ist. Bitte prüfen Sie die Angaben – oder fügen Sie das Konto trotzdem hinzu, etwa wenn der Server gerade nicht erreichbar ist.',
    portInvalid: 'Erlaubt sind 1 bis 65535.',
  },

  // Client-side configuration check (spec §5), in German; the spec's English names the checks.
  check: {
    title: 'Konfigurationsprüfung',
    missingEmail: 'Bitte geben Sie die E-Mail-Adresse des Kontos ein.',
    missingAuth: 'Bitte geben Sie das Passwort des E-Mail-Kontos ein.',
    missingAuthOAuth:
      'Bitte geben Sie ein (App-)Passwort ein – oder verbinden Sie das Konto oben über die Anmeldung bei Ihrem Anbieter.',
    gmail_imap_server: 'Für Gmail lautet der IMAP-Server {{host}}.',
    gmail_imap_port: 'Für Gmail lautet der IMAP-Port 993.',
    gmail_smtp_server: 'Für Gmail lautet der SMTP-Server {{host}}.',
    gmail_smtp_port: 'Für Gmail lautet der SMTP-Port 587.',
    gmailOauth:
      'Tipp: Sicherer ist die Anmeldung über Google (OAuth) – wählen Sie dazu „Mit Google verbinden“, sofern dieser Server sie anbietet. Sonst geben Sie hier ein App-Passwort ein.',
    gmailTitle: 'Empfohlene Einstellungen für Gmail',
    apply: 'Übernehmen',
    allGood: 'Die Einstellungen sind vollständig.',
  },

  oauth: {
    finishing: 'Die Verbindung mit Ihrem E-Mail-Anbieter wird abgeschlossen …',
    invalidTitle: 'Diese Adresse ist keine gültige Rückkehr vom Anbieter',
    invalidText:
      'Es fehlen die Angaben Ihres Anbieters. Bitte starten Sie die Verbindung in der Kontenliste erneut.',
    connected: 'Das Konto {{email}} ist verbunden. Ihre E-Mails werden jetzt abgerufen.',
    renewed: 'Das Konto {{email}} ist wieder verbunden.',
    failedTitle: 'Die Anmeldung bei Ihrem E-Mail-Anbieter ist fehlgeschlagen.',
    back: 'Zurück zu den E-Mail-Konten',
  },

  fieldErrors: {
    REQUIRED: 'Dieses Feld ist erforderlich.',
    INVALID: 'Dieser Wert ist ungültig.',
    EMAIL_INVALID: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    HOST_INVALID: 'Bitte geben Sie einen gültigen Servernamen ein, z. B. imap.beispiel.de.',
    PORT_INVALID: 'Bitte geben Sie einen Port zwischen 1 und 65535 ein.',
    ACCOUNT_EXISTS: 'Dieses E-Mail-Konto ist bereits mit Brieftaube verbunden.',
    AUTH_METHOD_MISSING: 'Bitte geben Sie das Passwort des E-Mail-Kontos ein.',
  },
} as const;
