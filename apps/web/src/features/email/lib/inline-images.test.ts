import { describe, expect, it } from 'vitest';
import { isEmbeddedImage, rasterTypeOf } from './inline-images.ts';

const attachment = (content_type: string, filename: string, content_id: string | null) => ({
  part: '2',
  filename,
  content_type,
  size: 1000,
  content_id,
  inline: true,
  url: '/api/emails/1/attachments/2/',
});

describe('inline images', () => {
  it('knows the raster types old and careless mailers label differently', () => {
    expect(rasterTypeOf({ content_type: 'image/pjpeg', filename: 'a' })).toBe('image/jpeg');
    expect(rasterTypeOf({ content_type: 'IMAGE/PNG', filename: 'a' })).toBe('image/png');
    expect(rasterTypeOf({ content_type: 'application/octet-stream', filename: 'Logo.JPG' })).toBe(
      'image/jpeg',
    );
    expect(rasterTypeOf({ content_type: 'application/octet-stream', filename: 'x.pdf' })).toBe(
      undefined,
    );
    // SVG can carry script: never shown as an image.
    expect(rasterTypeOf({ content_type: 'image/svg+xml', filename: 'a.svg' })).toBe(undefined);
    expect(rasterTypeOf({ content_type: 'application/octet-stream', filename: 'a.svg' })).toBe(
      undefined,
    );
  });

  it('matches cid: references percent-encoded and in any case (RFC 2392)', () => {
    const html = '<img src="cid:Foto%201@beispiel.de"><img src="CID:logo@x">';
    expect(
      isEmbeddedImage(attachment('image/jpeg', 'Foto 1.jpg', '<foto 1@beispiel.de>'), html),
    ).toBe(true);
    expect(
      isEmbeddedImage(attachment('application/octet-stream', 'logo.png', 'LOGO@x'), html),
    ).toBe(true);
    expect(isEmbeddedImage(attachment('image/png', 'other.png', 'other@x'), html)).toBe(false);
    expect(isEmbeddedImage(attachment('image/png', 'a.png', null), html)).toBe(false);
  });
});
