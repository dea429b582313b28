import { IconButton, Tooltip } from '@mui/material';
import { Mdi } from './Mdi.tsx';

/**
 * An icon button of a toolbar: its label is the tooltip and the accessible name, with the
 * keyboard shortcut (if any) named in the tooltip and in aria-keyshortcuts. The clicked button is
 * passed on, for actions that open a menu beside it.
 */
export function ToolbarAction({
  label,
  icon,
  onClick,
  shortcut,
}: {
  label: string;
  icon: string;
  onClick: (anchor: HTMLElement) => void;
  shortcut?: string;
}) {
  return (
    <Tooltip title={shortcut ? `${label} (${shortcut})` : label}>
      <IconButton
        aria-label={label}
        aria-keyshortcuts={shortcut}
        onClick={(e) => onClick(e.currentTarget)}
      >
        <Mdi name={icon} />
      </IconButton>
    </Tooltip>
  );
}
