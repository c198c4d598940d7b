import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PermissionsModule } from '../permissions/permissions.module';
import { UsersModule } from '../users/users.module';
import { AccessLinkController } from './access-link.controller';
import { AccessLinkService } from './access-link.service';
import { AccessTokenService } from './access-token.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { IdentityService } from './identity.service';
import { JwtStrategy } from './jwt.strategy';
import { LoginThrottleService } from './login-throttle.service';
import { RegistrationPolicyService } from './registration-policy.service';
import { ShareTokenController } from './share-token.controller';
import { ShareTokenService } from './share-token.service';

@Module({
  imports: [
    PassportModule,
    UsersModule,
    PermissionsModule,
    JwtModule.registerAsync({ inject: [APP_CONFIG], useFactory: (config: AppConfig) => ({ secret: config.jwt.secret }) }),
  ],
  controllers: [AuthController, ShareTokenController, AccessLinkController],
  providers: [
    AuthService,
    AccessLinkService,
    AccessTokenService,
    LoginThrottleService,
    RegistrationPolicyService,
    ShareTokenService,
    IdentityService,
    JwtStrategy,
  ],
  exports: [AuthService, AccessTokenService, IdentityService],
})
export class AuthModule {}
