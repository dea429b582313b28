import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, generateJSON, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type Ref, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dropTrailingBreaks, toMailHtml } from '../lib/mail-html.ts';
import { docToText } from '../lib/mail-text.ts';
import { EditorToolbar } from './EditorToolbar.tsx';
import { LinkDialog } from './LinkDialog.tsx';

export interface EditorHandle {
  /** The message as it is sent: HTML with mail-safe styles and its plain-text alternative. */
  getBody: () => { html: string; text: string };
  isEmpty: () => boolean;
  /** Nothing typed, pasted or formatted since the editor opened. */
  isPristine: () => boolean;
  focusStart: () => void;
  /**
   * Text the user accepted (a writing suggestion) at the cursor, one paragraph per line: one
   * editor step, so Ctrl+Z takes it out again.
   */
  insertText: (text: string) => void;
}

interface Props {
  id: string;
  initialHtml: string;
  autoFocus: boolean;
  onChange: () => void;
  onFiles: (files: File[]) => void;
  ref: Ref<EditorHandle>;
}

const starterKit = () =>
  StarterKit.configure({
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
  });

/** The message body: TipTap with the StarterKit marks and blocks, toolbar below (like Gmail). */
export function RichTextEditor({ id, initialHtml, autoFocus, onChange, onFiles, ref }: Props) {
  const { t } = useTranslation();
  const [link, setLink] = useState<{ url: string; askText: boolean } | null>(null);
  // The document as the editor first read it (it normalises the HTML it is given).
  const [opened, setOpened] = useState<string | null>(null);
  // A draft reopens as it was written: its blank lines come back as <p><br></p> (mail-html.ts).
  const [content] = useState(() => dropTrailingBreaks(generateJSON(initialHtml, [starterKit()])));
  const editor = useEditor({
    extensions: [
      starterKit(),
      Placeholder.configure({
        // Only the first line carries the hint, also above a quoted reply.
        placeholder: ({ pos }) => (pos === 0 ? t('compose.placeholder') : ''),
        showOnlyCurrent: false,
      }),
    ],
    content,
    autofocus: autoFocus ? 'start' : false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': t('compose.body'),
        spellcheck: 'true',
        lang: 'de',
      },
      handleKeyDown: (_view, event) => {
        if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey)) {
          openLink();
          return true;
        }
        return false;
      },
      handlePaste: (_view, event) => {
        const files = [...(event.clipboardData?.files ?? [])];
        if (!files.length) return false;
        onFiles(files);
        return true;
      },
    },
    onCreate: ({ editor: created }) => setOpened(JSON.stringify(created.getJSON())),
    onUpdate: () => onChange(),
  });

  const openLink = () => {
    const href = editor.getAttributes('link').href as string | undefined;
    setLink({ url: href ?? '', askText: !href && editor.state.selection.empty });
  };

  useImperativeHandle(
    ref,
    () => ({
      getBody: () => ({ html: toMailHtml(editor.getHTML()), text: docToText(editor.getJSON()) }),
      isEmpty: () => editor.isEmpty,
      isPristine: () => opened === null || JSON.stringify(editor.getJSON()) === opened,
      focusStart: () => editor.commands.focus('start'),
      insertText: (text: string) =>
        editor
          .chain()
          .focus()
          .insertContent(
            text
              .replace(/\r\n?/g, '\n')
              .split('\n')
              .map((line) =>
                line
                  ? { type: 'paragraph', content: [{ type: 'text', text: line }] }
                  : { type: 'paragraph' },
              ),
          )
          .run(),
    }),
    [editor, opened],
  );

  return (
    <>
      <Box
        sx={(theme) => ({
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          '& > div': { flex: 1, display: 'flex', flexDirection: 'column' },
          '& .tiptap': {
            flex: 1,
            minHeight: 260,
            px: 2,
            py: 1.5,
            outline: 'none',
            lineHeight: 1.5,
            fontSize: '0.95rem',
            color: 'text.primary',
            overflowWrap: 'anywhere',
            '&:focus-visible': {
              boxShadow: `inset 0 0 0 2px ${alpha(theme.palette.secondary.main, 0.5)}`,
            },
            '& p': { m: 0 },
            '& ul, & ol': { my: 0.5, pl: 3 },
            '& blockquote': {
              m: 0,
              ml: 0.5,
              pl: 1.5,
              borderLeft: `2px solid ${theme.palette.divider}`,
              color: 'text.secondary',
            },
            '& a': { color: theme.palette.mode === 'dark' ? 'primary.main' : '#6B4A2B' },
            '& h1, & h2, & h3, & h4, & h5, & h6': { fontSize: '1.1rem', my: 0.5 },
            '& pre': { p: 1, borderRadius: 1, bgcolor: 'action.hover', overflowX: 'auto' },
            '& p.is-empty[data-placeholder]:not([data-placeholder=""])::before': {
              content: 'attr(data-placeholder)',
              float: 'left',
              height: 0,
              pointerEvents: 'none',
              color: 'text.secondary',
            },
          },
        })}
      >
        <EditorContent editor={editor} />
      </Box>
      <EditorToolbar editor={editor} editorId={id} onLink={openLink} />
      {link && (
        <LinkDialog
          open
          initialUrl={link.url}
          askText={link.askText}
          onClose={() => {
            setLink(null);
            editor.commands.focus();
          }}
          onRemove={
            link.url
              ? () => {
                  setLink(null);
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                }
              : undefined
          }
          onApply={(href, text) => {
            setLink(null);
            const chain = editor.chain().focus();
            if (link.askText)
              chain
                .insertContent({
                  type: 'text',
                  text: text || href.replace(/^mailto:/, ''),
                  marks: [{ type: 'link', attrs: { href } }],
                })
                .run();
            else chain.extendMarkRange('link').setLink({ href }).run();
          }}
        />
      )}
    </>
  );
}
