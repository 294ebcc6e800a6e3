// Unit tests of the composer's image checks and file names (shared/attachments.ts).
import { describe, expect, it } from 'vitest';
import { checkAttachment, MAX_ATTACHMENT_BYTES, safeFileName } from '../../../shared/attachments.js';

describe('checkAttachment', () => {
  const png = { name: 'shot.png', type: 'image/png', size: 2048 };
  it('accepts png, jpeg, gif and webp up to 5 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
      expect(checkAttachment({ ...png, type }, 0)).toBeNull();
    expect(checkAttachment({ ...png, size: MAX_ATTACHMENT_BYTES }, 3)).toBeNull();
  });
  it('says why a file is refused', () => {
    expect(checkAttachment({ ...png, size: 6 * 1024 * 1024 }, 0)).toBe(
      'Cannot attach shot.png: it is too large: 6291456 bytes (6.0 MB); the limit is 5242880 bytes (5.0 MB). ' +
        'Use a smaller or more compressed image.',
    );
    expect(checkAttachment({ name: 'notes.txt', type: 'text/plain', size: 10 }, 0)).toBe(
      'Cannot attach notes.txt: text/plain is not a supported image; use PNG, JPEG, GIF or WebP.',
    );
    expect(checkAttachment({ name: 'logo.svg', type: 'image/svg+xml', size: 10 }, 0)).toMatch(/not a supported image/);
    expect(checkAttachment({ ...png, size: 0 }, 0)).toBe('Cannot attach shot.png: the file is empty.');
    expect(checkAttachment(png, 4)).toBe(
      'Cannot attach shot.png: at most 4 images per message. Send these first or remove one.',
    );
  });
});

describe('safeFileName', () => {
  it('keeps a plain name, strips folders, odd characters and leading dots', () => {
    expect(safeFileName('shot.png')).toBe('shot.png');
    expect(safeFileName('../../etc/pass wd.png')).toBe('pass_wd.png');
    expect(safeFileName('C:\\Users\\me\\Écran 1.png')).toBe('cran_1.png');
    expect(safeFileName('.hidden')).toBe('hidden');
    expect(safeFileName('')).toBe('image');
  });
});
