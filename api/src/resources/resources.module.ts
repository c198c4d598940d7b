import { Global, Module } from '@nestjs/common';
import { DatabaseConstraints } from './database-constraints.service';

/** What every resource's service uses: the database's constraint catalogue (conflicts). */
@Global()
@Module({ providers: [DatabaseConstraints], exports: [DatabaseConstraints] })
export class ResourcesModule {}
