/** German texts of the onboarding area (Sie-form). */
export const onboarding = {
  title: 'Einrichtung',
  stepWelcome: 'Willkommen',
  stepAccount: 'E-Mail-Konto verbinden',
  stepFetch: 'E-Mails abrufen',
  stepFinish: 'Fertig',
  stepSkipped: 'Übersprungen',
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
  finishTitle: 'Alles bereit',
  finishText:
    'Ihr Konto ist eingerichtet. E-Mail-Konten können Sie jederzeit unter „Konten verwalten“ hinzufügen.',
  finishTextConnected:
    'Ihr E-Mail-Konto {{email}} ist verbunden. Weitere Konten fügen Sie jederzeit unter „Konten verwalten“ hinzu; eigene Kategorien legen Sie unter „Kategorien verwalten“ an.',
  finishSubmit: 'Zu Brieftaube',
  finishError: 'Die Einrichtung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.',
} as const;
