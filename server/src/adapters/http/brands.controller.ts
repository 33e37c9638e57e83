import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBadRequestResponse, ApiBearerAuth, ApiBody, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  AdminBrand, AdminBrandList, ApiErrorBody, Brand, BRAND_SVG_FIELDS, BrandId, BrandList, BrandPreviewResponse, BrandQuery, BrandSaveResponse, MAX_BRAND_SVG_BYTES,
  StaffReasonRequest,
} from '@bahati/contracts';
import type { z } from 'zod';
import type { Actor } from '../../application/actor';
import { PreviewBrandQuery, RetireBrandCommand, SaveBrandCommand } from '../../application/brands/commands';
import { GetBrandQuery, ListAdminBrandsQuery, ListBrandsQuery } from '../../application/brands/queries';
import { AdminOnly, CorrelationId, CurrentActor, Public } from './auth';
import { openApi } from './openapi';
import { ZodPipe } from './zod.pipe';

/** A brand holds nine drawings of up to 100 KB each; escaped as JSON strings they can take twice that. */
export const BRAND_BODY_LIMIT = 2 * BRAND_SVG_FIELDS.length * MAX_BRAND_SVG_BYTES + 64 * 1024;

/**
 * Brands (skins, spec §1): the public reads every page needs to draw itself, and the admins' save. The
 * paths are static (`players/brand`, `players/brands`), which the router always prefers to a
 * `players/:id` route, so a brand path is never taken for a player id.
 */
@ApiTags('brands')
@Controller()
export class BrandsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Public()
  @Get('players/brands')
  @ApiOperation({ summary: 'Every brand offered to players, in the order they were created; retired ones are left out (public)' })
  @ApiOkResponse({ schema: openApi(BrandList) })
  brands(): Promise<Brand[]> {
    return this.queries.execute(new ListBrandsQuery());
  }

  @Public()
  @Get('players/brand')
  @ApiOperation({ summary: 'A brand to draw the product with (public); without an id, or with a retired brand\'s, the default brand' })
  @ApiQuery({ name: 'id', required: false, description: 'The brand id; absent or empty names the default brand' })
  @ApiOkResponse({ schema: openApi(Brand) })
  @ApiNotFoundResponse({ description: 'No brand has that id', schema: openApi(ApiErrorBody) })
  brand(@Query(new ZodPipe(BrandQuery)) query: z.output<typeof BrandQuery>): Promise<Brand> {
    return this.queries.execute(new GetBrandQuery(query.id ?? null));
  }

  /** The body is checked field by field in the application, together with what its drawings hold, so every problem is answered at once. */
  @AdminOnly()
  @ApiBearerAuth()
  @Post('players/brand')
  @HttpCode(200)
  @RouteConfig({ bodyLimit: BRAND_BODY_LIMIT })
  @ApiOperation({
    summary: 'Create or replace a brand, sent whole (admins). Its drawings are sanitised: the answer lists what was removed',
  })
  @ApiBody({ schema: openApi(Brand) })
  @ApiOkResponse({ schema: openApi(BrandSaveResponse) })
  @ApiBadRequestResponse({ description: 'ValidationFailed: one issue per field problem (missing, not an SVG, over 100 KB, wrong size)', schema: openApi(ApiErrorBody) })
  @ApiForbiddenResponse({ description: 'Not an admin', schema: openApi(ApiErrorBody) })
  save(@Body() body: unknown, @CurrentActor() actor: Actor, @CorrelationId() correlationId: string): Promise<BrandSaveResponse> {
    return this.commands.execute(new SaveBrandCommand(actor, body, correlationId));
  }

  @AdminOnly()
  @ApiBearerAuth()
  @Get('admin/brands')
  @ApiOperation({ summary: 'Every brand, retired ones too with when, by whom and why, in the order they were created (admins)' })
  @ApiOkResponse({ schema: openApi(AdminBrandList) })
  @ApiForbiddenResponse({ description: 'Not an admin', schema: openApi(ApiErrorBody) })
  adminBrands(@CurrentActor() actor: Actor): Promise<AdminBrand[]> {
    return this.queries.execute(new ListAdminBrandsQuery(actor));
  }

  /** The same checks and sanitising as a save, nothing stored: the editor draws what would be kept. */
  @AdminOnly()
  @ApiBearerAuth()
  @Post('admin/brands/preview')
  @HttpCode(200)
  @RouteConfig({ bodyLimit: BRAND_BODY_LIMIT })
  @ApiOperation({ summary: 'Check and sanitise a brand without saving it (admins): the drawings as they would be stored, what was removed, and the drawings left blank' })
  @ApiBody({ schema: openApi(Brand) })
  @ApiOkResponse({ schema: openApi(BrandPreviewResponse) })
  @ApiBadRequestResponse({ description: 'ValidationFailed: the same issues a save would answer', schema: openApi(ApiErrorBody) })
  @ApiForbiddenResponse({ description: 'Not an admin', schema: openApi(ApiErrorBody) })
  preview(@Body() body: unknown, @CurrentActor() actor: Actor): Promise<BrandPreviewResponse> {
    return this.queries.execute(new PreviewBrandQuery(actor, body));
  }

  @AdminOnly()
  @ApiBearerAuth()
  @Post('admin/brands/:id/retire')
  @HttpCode(200)
  @ApiOperation({ summary: 'Retire a brand with a reason (admins): no longer offered, its ?id= draws the default brand; the default brand cannot be retired' })
  @ApiBody({ schema: openApi(StaffReasonRequest) })
  @ApiOkResponse({ schema: openApi(AdminBrand) })
  @ApiBadRequestResponse({ description: 'ValidationFailed: no reason of 3–500 characters', schema: openApi(ApiErrorBody) })
  @ApiNotFoundResponse({ description: 'No brand has that id', schema: openApi(ApiErrorBody) })
  @ApiConflictResponse({ description: 'Conflict: the default brand, or a brand already retired', schema: openApi(ApiErrorBody) })
  @ApiForbiddenResponse({ description: 'Not an admin', schema: openApi(ApiErrorBody) })
  retire(
    @Param('id', new ZodPipe(BrandId)) id: string,
    @Body(new ZodPipe(StaffReasonRequest)) body: StaffReasonRequest,
    @CurrentActor() actor: Actor,
    @CorrelationId() correlationId: string,
  ): Promise<AdminBrand> {
    return this.commands.execute(new RetireBrandCommand(actor, id, body.reason, correlationId));
  }
}
