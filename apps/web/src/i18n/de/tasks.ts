/** German texts of the tasks area (Sie-form). */
export const tasks = {
  /** Spec §4: the message of a task that has just been started. */
  starting: 'Task wird gestartet...',
  /** A task the server no longer lists (finished long ago): its result is lost. */
  gone: 'Das Ergebnis liegt nicht mehr vor. Bitte versuchen Sie es erneut.',
  /** Spec §2: card titles by task type. */
  types: {
    FETCH: 'E-Mail-Abruf',
    CLUSTER_REFINE: 'Cluster-Analyse',
    AI_SEARCH: 'KI E-Mail-Suche',
    AI_QUESTION: 'KI Frage & Antwort',
    AI_SUGGESTION: 'KI-Vorschlag',
    other: 'Hintergrundaufgabe',
  },
  titleWithAccount: '{{title}} – {{email}}',
  undo: 'Rückgängig',
  undone_one: 'Rückgängig gemacht: 1 E-Mail liegt wieder, wo sie war.',
  undone_other: 'Rückgängig gemacht: {{count}} E-Mails liegen wieder, wo sie waren.',
  close: 'Benachrichtigung schließen',
  progress: 'Fortschritt: {{percent}} %',
  region: 'Hintergrundaufgaben',
  status: {
    running: 'Läuft',
    success: 'Abgeschlossen',
    error: 'Fehlgeschlagen',
    revoked: 'Abgebrochen',
  },
} as const;
