/** Creating, renaming and deleting folders from the drawer (mirrored to the mail server). */
export const folders = {
  menu: 'Ordneraktionen für {{name}}',
  newTopLevel: 'Neuer Ordner …',
  newSubfolder: 'Neuer Unterordner …',
  rename: 'Umbenennen …',
  delete: 'Löschen …',
  createTitle: 'Neuer Ordner',
  createSubTitle: 'Neuer Unterordner in „{{parent}}“',
  renameTitle: 'Ordner „{{name}}“ umbenennen',
  nameLabel: 'Name des Ordners',
  create: 'Anlegen',
  save: 'Umbenennen',
  deleteTitle: 'Ordner „{{name}}“ löschen?',
  deleteTextToTrash:
    'Der Ordner wird mit seinen Unterordnern und allen E-Mails darin in den Papierkorb verschoben. Dort bleibt alles erhalten, bis Sie den Ordner im Papierkorb endgültig löschen.',
  deleteConfirmToTrash: 'In den Papierkorb',
  deleteTextForever:
    'Der Ordner wird mit seinen Unterordnern und allen E-Mails darin auch auf dem Mailserver gelöscht. Das lässt sich nicht rückgängig machen.',
  deleteConfirmForever: 'Endgültig löschen',
  deleteTextEmpty: 'Der leere Ordner wird auch auf dem Mailserver gelöscht.',
  deleteTextEmptyWithChildren:
    'Der Ordner und seine Unterordner sind leer und werden auch auf dem Mailserver gelöscht.',
  deleteConfirmEmpty: 'Löschen',
  movedToTrash: 'Der Ordner „{{name}}“ liegt jetzt im Papierkorb.',
  created: 'Der Ordner „{{name}}“ wurde angelegt.',
  renamed: 'Der Ordner heißt jetzt „{{name}}“.',
  deleted: 'Der Ordner „{{name}}“ wurde gelöscht.',
  emptyTrash: 'Papierkorb leeren',
  emptySpam: 'Spam leeren',
  emptyTrashTitle: 'Papierkorb leeren?',
  emptySpamTitle: 'Spam leeren?',
  emptyTrashText_one:
    'Die E-Mail im Papierkorb wird endgültig gelöscht. Das lässt sich nicht rückgängig machen.',
  emptyTrashText_other:
    'Alle {{count, number}} E-Mails im Papierkorb werden endgültig gelöscht. Das lässt sich nicht rückgängig machen.',
  emptySpamText_one: 'Die E-Mail im Spam-Ordner wird in den Papierkorb verschoben.',
  emptySpamText_other:
    'Alle {{count, number}} E-Mails im Spam-Ordner werden in den Papierkorb verschoben.',
  emptyTrashConfirm: 'Endgültig löschen',
  emptySpamConfirm: 'In den Papierkorb',
  trashEmptied_one: 'Der Papierkorb ist leer: 1 E-Mail wurde endgültig gelöscht.',
  trashEmptied_other:
    'Der Papierkorb ist leer: {{count, number}} E-Mails wurden endgültig gelöscht.',
  spamEmptied_one: '1 E-Mail wurde in den Papierkorb verschoben.',
  spamEmptied_other: '{{count, number}} E-Mails wurden in den Papierkorb verschoben.',
  fieldErrors: {
    REQUIRED: 'Bitte geben Sie einen Namen ein.',
    TOO_LONG: 'Der Name ist zu lang (höchstens 200 Zeichen).',
    FOLDER_EXISTS: 'Hier gibt es schon einen Ordner mit diesem Namen.',
    FOLDER_NAME_INVALID:
      'Der Name enthält ein Zeichen, das in Ordnernamen nicht erlaubt ist (zum Beispiel / oder *).',
    FOLDER_PROTECTED: 'Dieser Ordner kann nicht geändert oder gelöscht werden.',
    INVALID: 'Dieser Name ist ungültig.',
  },
};
