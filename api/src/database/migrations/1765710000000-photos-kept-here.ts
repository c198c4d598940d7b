import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36: a profile photo is image data or a file uploaded here (IMAGE_URL in
 * libs/contracts/src/safe-input.ts, written out as it was then). A photo stored before at an
 * address elsewhere would be fetched from every colleague's chat list, a tracking pixel: it is
 * taken away (the person sees their initials until they choose a photo again).
 */
export class PhotosKeptHere1765710000000 implements MigrationInterface {
  name = 'PhotosKeptHere1765710000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `update app_user set photo_url = null
        where photo_url !~ '^(data:image/(png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/]+={0,2}|/api/file/[1-9][0-9]{0,9})$'`,
    );
  }

  async down(): Promise<void> {
    // The addresses taken away are not kept.
  }
}
