import { Module } from '@nestjs/common';
import { CorrectionRecordController, CorrectionReportController, DieController } from './die.controller';
import { DieshopService } from './dieshop.service';

@Module({ controllers: [DieController, CorrectionRecordController, CorrectionReportController], providers: [DieshopService] })
export class DieshopModule {}
