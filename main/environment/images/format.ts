// Pure helpers for images: data: URLs and the human-readable size used in read_image's output.
// No I/O; nothing tool-specific.

/** `data:<mime>;base64,<bytes>` */
export function dataUrl(mime: string, bytes: Uint8Array): string {
  return `data:${mime};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
}

/**
 * Human-readable size with binary units: under 1024 bytes `<n> B`; under 1024 KB `<x.y> KB`; else `<x.y> MB`
 * (one decimal, KB = 1024 bytes, MB = 1024 KB). Examples: `68 B`, `12.3 KB`, `5.0 MB`.
 */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = (bytes / 1024).toFixed(1);
  if (bytes < 1024 * 1024 && kb !== '1024.0') return `${kb} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
