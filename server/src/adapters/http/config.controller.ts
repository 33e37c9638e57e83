import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import { Public } from './auth';

/** What the client needs to know before sign-in. */
@ApiTags('config')
@Controller('config')
export class ConfigController {
  constructor(@Inject(AppConfigToken) private readonly config: AppConfig) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Client settings: which sign-in to offer, the mailboxes the information pages name, and the Bitcoin network' })
  get() {
    return {
      googleClientId: this.config.googleClientId ?? null,
      devIdentity: this.config.devIdentity,
      environment: this.config.env,
      contactEmails: this.config.contactEmails,
      // The network withdrawal addresses and payment requests must be for: the client refuses others at the field.
      bitcoinNetwork: this.config.bitcoin.network,
    };
  }
}
