import { Global, Module } from '@nestjs/common';
import { ListenPool } from './listen-pool';

/** The LISTEN connections (listen-pool.ts), one pool for every module that waits for notifications. */
@Global()
@Module({ providers: [ListenPool], exports: [ListenPool] })
export class ListenModule {}
