/** German texts of the AI screens (Sie-form). */
export const ai = {
  ask: {
    title: 'Fragen Sie Ihre E-Mails',
    intro:
      'Stellen Sie eine Frage – die Antwort stammt nur aus Ihren E-Mails und nennt die Nachrichten, auf die sie sich stützt.',
    label: 'Ihre Frage',
    placeholder: 'z. B. Wann kommt mein Paket?',
    submit: 'Fragen',
    examples: 'Beispiele',
    exampleList: [
      'Wie viele E-Mails habe ich im letzten Monat bekommen?',
      'Wann kommt mein Paket?',
      'Welche Rechnungen habe ich im Oktober erhalten?',
    ],
    running: 'Die KI sucht die Antwort in Ihren E-Mails …',
    sources: 'Quellen',
    sourcesCount_one: '1 Quelle',
    sourcesCount_other: '{{count}} Quellen',
    nothingFound: 'Nichts gefunden',
    failed: 'Die Frage konnte nicht beantwortet werden.',
    history: 'Bisherige Fragen',
    clear: 'Verlauf leeren',
    shortcut: 'Fragen Sie Ihre E-Mails (Taste q)',
    open: 'E-Mail „{{subject}}“ öffnen',
  },
  search: {
    withAi: 'Mit KI suchen',
    title: 'KI-Suche',
    running: 'Die KI durchsucht Ihre E-Mails …',
    results_one: '1 Treffer',
    results_other: '{{count}} Treffer',
    none: 'Die KI hat keine passenden E-Mails gefunden.',
    noneText: 'Versuchen Sie es mit anderen Worten oder suchen Sie ohne KI.',
    plain: 'Ohne KI suchen',
    failed: 'Die KI-Suche ist fehlgeschlagen.',
    empty:
      'Geben Sie ins Suchfeld ein, was Sie suchen – zum Beispiel „Rechnungen von der Telekom aus dem Oktober“.',
    label: 'Ergebnisse der KI-Suche',
  },
  noSubject: '(kein Betreff)',
  retry: 'Erneut versuchen',
} as const;
