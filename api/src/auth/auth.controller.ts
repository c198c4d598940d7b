import { BadRequestException, Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createZodDto } from 'nestjs-zod';
import {
  issuesToFields,
  loginRequestSchema,
  messages,
  registerRequestSchema,
  registrationFieldCodes,
  shareTokenSignInRequestSchema,
  tokenSignInRequestSchema,
  userUpdateRequestSchema,
  type AuthResponse,
  type User,
} from '@planta/contracts';
import { Public, SignedIn } from '../permissions/route-access.decorators';
import type { RequestIdentity } from '../tenancy/request-context';
import { toUser, UsersService } from '../users/users.service';
import { AuthService } from './auth.service';
import { ShareTokenService } from './share-token.service';

class LoginDto extends createZodDto(loginRequestSchema) {}
class TokenSignInDto extends createZodDto(tokenSignInRequestSchema) {}
class ShareTokenSignInDto extends createZodDto(shareTokenSignInRequestSchema) {}
class RegisterDto extends createZodDto(registerRequestSchema) {}
class UserUpdateDto extends createZodDto(userUpdateRequestSchema) {}

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly shareTokens: ShareTokenService,
    private readonly users: UsersService,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  login(@Body() body: LoginDto, @Req() request: Request): Promise<AuthResponse> {
    return this.auth.login(body, request.ip ?? 'unknown');
  }

  @Public()
  @Post('token')
  @HttpCode(200)
  tokenSignIn(@Body() body: TokenSignInDto): Promise<AuthResponse> {
    return this.auth.tokenSignIn(body);
  }

  @Public()
  @Post('login/token')
  @HttpCode(200)
  shareSignIn(@Body() body: ShareTokenSignInDto): Promise<AuthResponse> {
    return this.shareTokens.signIn(body.token);
  }

  /** Validated here rather than by the global pipe so that field errors carry their spec 8 codes. */
  @Public()
  @Post('register')
  @ApiBody({ type: RegisterDto })
  register(@Body() body: unknown): Promise<AuthResponse> {
    const parsed = registerRequestSchema.safeParse(body);
    if (!parsed.success) {
      const fields = issuesToFields(parsed.error.issues);
      const codes = Object.fromEntries(Object.keys(fields).flatMap((field) => (registrationFieldCodes[field] ? [[field, registrationFieldCodes[field]]] : [])));
      throw new BadRequestException({ message: Object.values(fields)[0] ?? messages.validationFailed, fields, codes });
    }
    return this.auth.register(parsed.data);
  }

  /** Only the caller's own display name, photo, settings and shortcuts; roles and company are not taken from here. */
  @SignedIn()
  @Post('user/update')
  @HttpCode(200)
  async updateUser(@Body() body: UserUpdateDto, @Req() request: Request & { user: RequestIdentity }): Promise<{ user: User }> {
    const user = await this.users.updateOwnProfile(request.user.userId, body.user.data);
    return { user: toUser(user, request.user.companyId) };
  }
}
