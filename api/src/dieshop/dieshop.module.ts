import { Module } from '@nestjs/common';
import { correctionDefectResource, correctionOperationResource } from '@planta/contracts';
import { FilesModule } from '../files/files.module';
import { DieCleaningController, DieConfirmationController } from './die-aftercare.controller';
import { DieCleaningService } from './die-cleaning.service';
import { DieConfirmationService } from './die-confirmation.service';
import { DieCopyService } from './die-copy.service';
import { DieEnlistmentController } from './die-enlistment.controller';
import { DieEnlistmentService } from './die-enlistment.service';
import { DieLifeService } from './die-life.service';
import { DieSummaryService } from './die-summary.service';
import { DieController, DieshopSettingsController } from './die.controller';
import { CorrectionController } from './correction.controller';
import { CorrectionBoardService } from './correction-board.service';
import { CorrectionService } from './correction.service';
import { NotificationsModule } from '../notifications/notifications.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { resourceWiring } from '../resources/resource.controller';
import { DieshopService } from './dieshop.service';
import { ProfileController } from './profile.controller';
import { PROFILE_SERVICE } from './profile.service';
import { ToolController } from './tool.controller';
import { ToolService } from './tool.service';
import { NitridingController } from './nitriding.controller';
import { NitridingService } from './nitriding.service';
import { DieForecastController } from './die-forecast.controller';
import { DieForecastService } from './die-forecast.service';

/** The corrections' catalogues of defects and operations (generic resources). */
const correctionCatalogues = resourceWiring([correctionDefectResource, correctionOperationResource]);

/**
 * The die shop (issue 13, domain.md A2): die copies and their life, profiles, preparation,
 * production confirmation, cleaning, nitriding, tooling, the die summary and the corrections
 * (issue 14). Exports the die's life for the areas that move dies, and the corrections for the
 * automatic draft of the 10-minute checks.
 */
// One controller / provider per line, so that the area's pieces merge side by side.
// prettier-ignore
@Module({
  imports: [
    FilesModule,
    NotificationsModule,
    RealtimeModule,
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
    ...correctionCatalogues.controllers,
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
    CorrectionService,
    CorrectionBoardService,
    ...correctionCatalogues.providers,
  ],
  exports: [
    DieLifeService,
    CorrectionService,
    DieCopyService,
    NitridingService,
  ],
})
export class DieshopModule {}
