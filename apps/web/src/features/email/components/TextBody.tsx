import { Box, Link } from '@mui/material';
import { useMemo } from 'react';
import { linkify, textBlocks } from '../lib/linkify.ts';

/**
 * A plain-text mail as text nodes (never HTML): whitespace kept, links clickable (http, https,
 * mailto only), quoted lines and the signature dimmed.
 */
export function TextBody({ text }: { text: string }) {
  const blocks = useMemo(() => textBlocks(text.replace(/\s+$/, '')), [text]);
  return (
    <Box
      sx={{
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        fontSize: 15,
        lineHeight: 1.6,
        px: { xs: 2, sm: 2.5 },
        py: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      {blocks.map((block, i) => (
        <Box
          key={i}
          component={block.kind === 'quote' ? 'blockquote' : 'div'}
          sx={
            block.kind === 'quote'
              ? {
                  m: 0,
                  my: 0.5,
                  pl: 1.5,
                  borderLeft: 3,
                  borderColor: 'divider',
                  color: 'text.secondary',
                }
              : block.kind === 'signature'
                ? { color: 'text.secondary' }
                : undefined
          }
        >
          {block.lines.map((line, j) => (
            <span key={j}>
              {linkify(line).map((part, k) =>
                part.href ? (
                  <Link
                    key={k}
                    underline="always"
                    href={part.href}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                  >
                    {part.text}
                  </Link>
                ) : (
                  part.text
                ),
              )}
              {j < block.lines.length - 1 ? '\n' : ''}
            </span>
          ))}
        </Box>
      ))}
    </Box>
  );
}
