import { Injectable } from '@nestjs/common';
import {
  fileUrl,
  profileMessages,
  profileResource,
  type ProfileDimension,
  type ProfileDimensions,
  type ProfileDimensionsUpdate,
  type ProfileDrawing,
} from '@planta/contracts';
import { fieldError } from '../common/field-error';
import { FilesService } from '../files/files.service';
import type { UploadedBuffer } from '../files/uploads';
import { DatabaseConstraints } from '../resources/database-constraints.service';
import { entityOf } from '../resources/resource.entity';
import { ResourceService, serviceToken } from '../resources/resource.service';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { dimensionColumns } from './profile-tolerance';

/** Profiles (the declared resource), their critical dimensions and drawing, for the active company only. */
@Injectable()
export class ProfileService extends ResourceService<typeof profileResource> {
  constructor(
    tenantDb: TenantDb,
    constraints: DatabaseConstraints,
    private readonly files: FilesService,
  ) {
    super(profileResource, tenantDb, constraints);
  }

  /** The profile's dimensions by label; another company's profile answers 404. */
  dimensions(id: number): Promise<ProfileDimensions> {
    return this.tenantDb.transaction(async (scope) => {
      await scope.repository(entityOf(profileResource)).findOne(id);
      return { dimensions: await profileDimensions(scope, id) };
    });
  }

  /** Replaces the whole list in one transaction (the labels were checked unique by the contract). */
  replaceDimensions(id: number, { dimensions }: ProfileDimensionsUpdate): Promise<ProfileDimensions> {
    return this.tenantDb.transaction(async (scope) => {
      const profile = await scope.repository(entityOf(profileResource)).findOne(id);
      // Serialise edits of one profile: two saves at once would otherwise mix their lists.
      await scope.manager.query(`select id from profile where id = $1 for update`, [profile.id]);
      await scope.manager.query(`delete from profile_dimension where profile_id = $1`, [profile.id]);
      for (const dimension of dimensions) {
        await scope.manager.query(
          `insert into profile_dimension (company_id, profile_id, label, nominal_mm, tol_minus_mm, tol_plus_mm) values ($1, $2, $3, $4, $5, $6)`,
          [scope.companyId, profile.id, dimension.label, dimension.nominal_mm, dimension.tol_minus_mm, dimension.tol_plus_mm],
        );
      }
      return { dimensions: await profileDimensions(scope, profile.id) };
    });
  }

  /** The profile's drawing, if one is kept; another company's profile answers 404. */
  drawing(id: number): Promise<ProfileDrawing> {
    return this.tenantDb.transaction(async (scope) => profileDrawing(scope, (await scope.repository(entityOf(profileResource)).findOne(id)).id));
  }

  /** Keeps a PDF or an image as the profile's drawing, within the company's upload limit, in place of the previous one. */
  replaceDrawing(id: number, file: UploadedBuffer | undefined): Promise<ProfileDrawing> {
    if (!file) throw fieldError('file', profileMessages.drawingMissing);
    return this.tenantDb.transaction(async (scope) => {
      const profile = await scope.repository(entityOf(profileResource)).findOne(id);
      const stored = await this.files.store(scope, file.buffer, file.originalname, file.mimetype, 'file', {
        documents: true,
        typeMessage: profileMessages.drawingFile,
      });
      await scope.manager.query(`update profile set drawing_file_id = $2 where id = $1`, [profile.id, stored.id]);
      return profileDrawing(scope, profile.id);
    });
  }

  /** Takes the drawing off the profile; the file stays, as records may still point at it. */
  removeDrawing(id: number): Promise<void> {
    return this.tenantDb.transaction(async (scope) => {
      const profile = await scope.repository(entityOf(profileResource)).findOne(id);
      await scope.manager.query(`update profile set drawing_file_id = null where id = $1`, [profile.id]);
    });
  }
}

/** The profile resource's service, under the token its controller injects. */
export const PROFILE_SERVICE = { provide: serviceToken(profileResource), useClass: ProfileService };

/** A profile's critical dimensions, A, B, … in label order. */
async function profileDimensions(scope: TenantScope, profileId: number): Promise<ProfileDimension[]> {
  return scope.manager.query(`select ${dimensionColumns('pd')} from profile_dimension pd where pd.company_id = $1 and pd.profile_id = $2 order by pd.label`, [
    scope.companyId,
    profileId,
  ]);
}

/** A profile's drawing as its page shows it. */
async function profileDrawing(scope: TenantScope, profileId: number): Promise<ProfileDrawing> {
  const [row]: { id: number; content_type: string; size_bytes: number; created_at: Date }[] = await scope.manager.query(
    `select f.id, f.content_type, f.size_bytes, f.created_at from profile p join stored_file f on f.id = p.drawing_file_id where p.id = $1 and p.company_id = $2`,
    [profileId, scope.companyId],
  );
  return {
    drawing: row ? { url: fileUrl(row.id), content_type: row.content_type, size_bytes: row.size_bytes, uploaded_at: row.created_at.toISOString() } : null,
  };
}
