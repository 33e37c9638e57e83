import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DevIdTokenRequest, DevIdTokenResponse } from '@bahati/contracts';
import { DevIdentityProvider } from '../identity/dev-identity-provider';
import { Public } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

/** Development-only endpoints; the module registering this controller is absent under NODE_ENV=production. */
@ApiTags('development')
@Controller('dev')
export class DevController {
  constructor(private readonly identity: DevIdentityProvider) {}

  @Public()
  @Post('id-token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Issue an ID token from the development identity provider' })
  @ApiBody({ schema: openApi(DevIdTokenRequest) })
  @ApiOkResponse({ schema: openApi(DevIdTokenResponse) })
  idToken(@Body(new ZodPipe(DevIdTokenRequest)) body: DevIdTokenRequest): DevIdTokenResponse {
    return { idToken: this.identity.issue(body.email, body.name) };
  }
}
