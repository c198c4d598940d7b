import { Module } from '@nestjs/common';
import { CorrectionController, DieController } from './die.controller';
import { DieshopService } from './dieshop.service';

@Module({ controllers: [DieController, CorrectionController], providers: [DieshopService] })
export class DieshopModule {}
