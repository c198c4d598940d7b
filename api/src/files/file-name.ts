/** The extension a stored file is named with: the one of the type its bytes were sniffed as. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/tiff': 'tiff',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
};

export const MAX_FILE_NAME_LENGTH = 120;

/**
 * The name an uploaded file is kept and served under, whatever name came with it: its last path
 * part, cut at a NUL (`x.png\0.html` is `x.png`), without control or format characters (a
 * right-to-left override, U+202E, shows `x\u202Efdp.exe` as `xexe.pdf`) nor those file systems
 * refuse, its own extension replaced by the one of its sniffed type, at most 120 characters.
 */
export function safeFileName(name: string, contentType: string): string {
  const extension = EXTENSIONS[contentType] ?? 'bin';
  const base = name.split('\0')[0].split(/[\\/]/).pop() ?? '';
  const visible = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}<>:"|?*]/gu, '')
    .replace(/\s+/g, ' ');
  let stem = trimDotsAndSpaces(visible.replace(/\.[^.\s]{1,10}$/, ''));
  // `informe.pdf.html` sniffed as a PDF is `informe.pdf`, not `informe.pdf.pdf`.
  if (stem.toLowerCase().endsWith(`.${extension}`)) stem = trimDotsAndSpaces(stem.slice(0, -extension.length - 1));
  stem = trimDotsAndSpaces(
    Array.from(stem)
      .slice(0, MAX_FILE_NAME_LENGTH - extension.length - 1)
      .join(''),
  );
  return `${stem || (contentType.startsWith('image/') ? 'foto' : 'documento')}.${extension}`;
}

/** No hidden (`.html`) or trailing-dot names. */
const trimDotsAndSpaces = (text: string) => text.replace(/^[\s.]+|[\s.]+$/g, '');
