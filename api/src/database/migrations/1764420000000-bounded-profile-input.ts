import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Profile values stored before the API bounded them (issue 10): settings beyond 16 KB of JSON,
 * which every sign-in sent back, go back to the defaults; a photo address that is not http(s)
 * or an image data URL (`javascript:` was taken) is removed.
 */
export class BoundedProfileInput1764420000000 implements MigrationInterface {
  name = 'BoundedProfileInput1764420000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`update app_user set settings = '{}'::jsonb where jsonb_typeof(settings) <> 'object' or octet_length(settings::text) > 16384`);
    await runner.query(`update app_user set photo_url = null where photo_url !~* '^(https?://|data:image/(png|jpeg|gif|webp|avif);base64,)'`);
  }

  async down(): Promise<void> {
    // What was removed is not kept anywhere: nothing to put back.
  }
}
