import { Box, Divider, IconButton, Tooltip } from '@mui/material';
import { type Editor, useEditorState } from '@tiptap/react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';

interface Tool {
  key: string;
  icon: string;
  /** Present for marks and blocks that can be on or off (aria-pressed). */
  active?: boolean;
  disabled?: boolean;
  run: () => void;
}

interface Props {
  editor: Editor;
  editorId: string;
  onLink: () => void;
}

export function EditorToolbar({ editor, editorId, onLink }: Props) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();

  const groups: Tool[][] = [
    [
      { key: 'undo', icon: 'undo', disabled: !state.canUndo, run: () => chain().undo().run() },
      { key: 'redo', icon: 'redo', disabled: !state.canRedo, run: () => chain().redo().run() },
    ],
    [
      {
        key: 'bold',
        icon: 'format-bold',
        active: state.bold,
        run: () => chain().toggleBold().run(),
      },
      {
        key: 'italic',
        icon: 'format-italic',
        active: state.italic,
        run: () => chain().toggleItalic().run(),
      },
      {
        key: 'underline',
        icon: 'format-underline',
        active: state.underline,
        run: () => chain().toggleUnderline().run(),
      },
      {
        key: 'strike',
        icon: 'format-strikethrough-variant',
        active: state.strike,
        run: () => chain().toggleStrike().run(),
      },
    ],
    [
      {
        key: 'bulletList',
        icon: 'format-list-bulleted',
        active: state.bulletList,
        run: () => chain().toggleBulletList().run(),
      },
      {
        key: 'orderedList',
        icon: 'format-list-numbered',
        active: state.orderedList,
        run: () => chain().toggleOrderedList().run(),
      },
      {
        key: 'blockquote',
        icon: 'format-quote-close',
        active: state.blockquote,
        run: () => chain().toggleBlockquote().run(),
      },
    ],
    [
      { key: 'link', icon: 'link-variant', active: state.link, run: onLink },
      {
        key: 'unlink',
        icon: 'link-variant-off',
        disabled: !state.link,
        run: () => chain().extendMarkRange('link').unsetLink().run(),
      },
      {
        key: 'clear',
        icon: 'format-clear',
        run: () => chain().unsetAllMarks().clearNodes().run(),
      },
    ],
  ];

  return (
    <Box
      role="toolbar"
      aria-label={t('compose.toolbar.label')}
      aria-controls={editorId}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, px: 1, py: 0.5 }}
    >
      {groups.map((group, index) => (
        <Fragment key={group[0]!.key}>
          {index > 0 && <Divider orientation="vertical" flexItem sx={{ mx: 0.5, my: 0.75 }} />}
          {group.map((tool) => (
            <Tooltip key={tool.key} title={t(`compose.toolbar.${tool.key}`)}>
              <span>
                <IconButton
                  size="small"
                  aria-label={t(`compose.toolbar.${tool.key}`)}
                  aria-pressed={tool.active === undefined ? undefined : tool.active}
                  disabled={tool.disabled}
                  onClick={tool.run}
                  sx={{
                    borderRadius: 1,
                    color: tool.active ? 'text.primary' : 'text.secondary',
                    bgcolor: tool.active ? 'action.selected' : undefined,
                  }}
                >
                  <Mdi name={tool.icon} fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          ))}
        </Fragment>
      ))}
    </Box>
  );
}
