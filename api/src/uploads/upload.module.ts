import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { DieshopModule } from '../dieshop/dieshop.module';
import { FilesModule } from '../files/files.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { UploadConfirmService } from './upload-confirm.service';
import { UploadLearning } from './upload-learning.service';
import { UploadWorker } from './upload-worker.service';
import { UploadController } from './upload.controller';
import { UploadService } from './upload.service';

/**
 * The upload agent (issue 15, domain.md D): documents read on the plant's own server (text layer,
 * OCR with local language data, spreadsheets), proposed as drafts, confirmed into the die shop's
 * and production's records.
 */
@Module({
  imports: [AuditModule, DieshopModule, FilesModule, RealtimeModule],
  controllers: [UploadController],
  providers: [UploadService, UploadConfirmService, UploadLearning, UploadWorker],
})
export class UploadModule {}
