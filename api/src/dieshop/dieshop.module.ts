import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { DieCleaningController, DieConfirmationController } from './die-aftercare.controller';
import { DieCleaningService } from './die-cleaning.service';
import { DieConfirmationService } from './die-confirmation.service';
import { DieCopyService } from './die-copy.service';
import { DieEnlistmentController } from './die-enlistment.controller';
import { DieEnlistmentService } from './die-enlistment.service';
import { DieLifeService } from './die-life.service';
import { DieSummaryService } from './die-summary.service';
import { CorrectionController, DieController, DieshopSettingsController } from './die.controller';
import { DieshopService } from './dieshop.service';
import { ProfileController } from './profile.controller';
import { PROFILE_SERVICE } from './profile.service';
import { ToolController } from './tool.controller';
import { ToolService } from './tool.service';
import { NitridingController } from './nitriding.controller';
import { NitridingService } from './nitriding.service';
import { DieForecastController } from './die-forecast.controller';
import { DieForecastService } from './die-forecast.service';

/**
 * The die shop (issue 13, domain.md A2): die copies and their life, profiles, preparation,
 * production confirmation, cleaning, nitriding, tooling and the die summary. Exports the die's
 * life for the areas that move dies.
 */
// One controller / provider per line, so that the area's pieces merge side by side.
// prettier-ignore
@Module({
  imports: [
    FilesModule,
  ],
  controllers: [
    DieController,
    DieshopSettingsController,
    CorrectionController,
    ProfileController,
    DieEnlistmentController,
    ToolController,
    DieConfirmationController,
    DieCleaningController,
    NitridingController,
    DieForecastController,
  ],
  providers: [
    DieshopService,
    DieLifeService,
    DieCopyService,
    DieSummaryService,
    PROFILE_SERVICE,
    DieEnlistmentService,
    ToolService,
    DieConfirmationService,
    DieCleaningService,
    NitridingService,
    DieForecastService,
  ],
  exports: [
    DieLifeService,
  ],
})
export class DieshopModule {}
