import type { EmailListItem } from '@brieftaube/shared';
import { memo, type MouseEvent } from 'react';
import { formatFullDate, formatListDate } from '../../../components/mail/format.ts';

export interface RowCategory {
  name: string;
  /** #RRGGBB */
  color: string;
}

/** Texts a row shows, prepared once per list so rows do not look them up each. */
export interface RowLabels {
  unread: string;
  attachment: string;
  answered: string;
  flag: string;
  unflag: string;
  noSubject: string;
  unknownSender: string;
  select: (subject: string) => string;
  to: (name: string, more: number) => string;
  /** A draft that has no recipient yet. */
  draftNoRecipient: string;
  /** The category chip of mail the AI filed: its hover text, with the confidence if known. */
  byAi: (confidence: number | null) => string;
}

/** Stable for the list's lifetime, so that rows re-render only when their own data changes. */
export interface RowHandlers {
  toggleSelect: (id: number, index: number, shiftKey: boolean) => void;
  toggleFlag: (id: number) => void;
  open: (id: number, index: number) => void;
  focus: (id: number) => void;
  href: (id: number) => string;
}

export interface EmailRowProps {
  item: EmailListItem;
  index: number;
  start: number;
  setSize: number;
  selected: boolean;
  focused: boolean;
  category: RowCategory | undefined;
  showAccount: boolean;
  showFolder: boolean;
  labels: RowLabels;
  handlers: RowHandlers;
}

function counterpart(item: EmailListItem, labels: RowLabels): string {
  // In Sent and Drafts the interesting name is the recipient's, as every mail client shows it.
  if (item.folder_type === 'sent' || item.folder_type === 'drafts') {
    const first = item.to[0];
    if (first) return labels.to(first.name || first.address, item.to.length - 1);
    // A draft without a recipient is no mail from the user to read: Gmail writes "Entwurf".
    if (item.folder_type === 'drafts') return labels.draftNoRecipient;
  }
  return item.from_name || item.from_address || labels.unknownSender;
}

/** One message in the list: plain elements, all styling comes from the list container. */
export const EmailRow = memo(function EmailRow({
  item,
  index,
  start,
  setSize,
  selected,
  focused,
  category,
  showAccount,
  showFolder,
  labels,
  handlers,
}: EmailRowProps) {
  const subject = item.subject || labels.noSubject;
  // The inbox is where mail is expected; only mail elsewhere (Sent, a project folder) is labelled.
  const location = [
    showAccount ? item.account_email : '',
    showFolder && item.folder_type !== 'inbox' ? item.folder_name : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const className = `bt-row ${item.is_read ? 'is-read' : 'is-unread'}${selected ? ' is-selected' : ''}${focused ? ' is-focused' : ''}`;
  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Middle click, Ctrl/⌘-click and Shift-click keep the browser's own meaning (new tab/window).
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    handlers.open(item.id, index);
  };

  return (
    <div
      role="listitem"
      className={className}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      data-email-id={item.id}
      style={{ transform: `translateY(${start}px)` }}
      onFocus={() => handlers.focus(item.id)}
    >
      <span className={item.is_read ? undefined : 'bt-dot'} aria-hidden />
      <input
        type="checkbox"
        className="bt-check"
        checked={selected}
        aria-label={labels.select(subject)}
        // onClick, not onChange: only the click tells whether Shift was held (range selection).
        readOnly
        onClick={(event) => handlers.toggleSelect(item.id, index, event.shiftKey)}
      />
      <button
        type="button"
        className={item.is_flagged ? 'bt-star is-on' : 'bt-star'}
        aria-pressed={item.is_flagged}
        aria-label={labels.flag}
        title={item.is_flagged ? labels.unflag : labels.flag}
        onClick={() => handlers.toggleFlag(item.id)}
      >
        <span className={item.is_flagged ? 'mdi mdi-star' : 'mdi mdi-star-outline'} aria-hidden />
      </button>
      <a className="bt-link" href={handlers.href(item.id)} onClick={onLinkClick}>
        <span className="bt-line">
          {!item.is_read && <span className="bt-sr">{labels.unread}: </span>}
          <span className="bt-sender" title={item.from_address}>
            {counterpart(item, labels)}
          </span>
          <span className="bt-spacer" />
          {location && (
            <span className="bt-loc" title={location}>
              {location}
            </span>
          )}
          {item.is_answered && (
            <span className="bt-icon mdi mdi-reply" role="img" aria-label={labels.answered} />
          )}
          {item.has_attachments && (
            <span className="bt-icon mdi mdi-paperclip" role="img" aria-label={labels.attachment} />
          )}
          <time className="bt-date" dateTime={item.date} title={formatFullDate(item.date)}>
            {formatListDate(item.date)}
          </time>
        </span>
        <span className="bt-line">
          <span className="bt-subject">{subject}</span>
          {item.preview && (
            <span className="bt-preview">
              <span className="bt-dash">– </span>
              {item.preview}
            </span>
          )}
          {category && (
            <span
              className="bt-cat"
              style={{
                backgroundColor: `${category.color}29`,
                boxShadow: `inset 0 0 0 1px ${category.color}80`,
              }}
            >
              <span className="bt-cat-dot" style={{ backgroundColor: category.color }} />
              {category.name}
              {item.category_source === 'ai' && (
                <span
                  className="bt-cat-ai mdi mdi-creation"
                  role="img"
                  aria-label={labels.byAi(item.category_confidence)}
                  title={labels.byAi(item.category_confidence)}
                />
              )}
            </span>
          )}
        </span>
      </a>
    </div>
  );
});
