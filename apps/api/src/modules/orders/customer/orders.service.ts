import { createHash } from 'node:crypto';
import type { CreateOrderPayload, OrderSummary, PromoValidateResponse } from '@app/contracts';
import {
  addWorkingDays,
  calculatePrice,
  canonicalOrderRequest,
  MESSAGES,
  promoCodeStatus,
  moscowDate,
  requiredWorkingDays,
} from '@app/contracts';
import type { Db, DbOrTx, Tx } from '#src/db/client.ts';
import type { Clock } from '#src/lib/clock.ts';
import { AppError, badRequest } from '#src/lib/errors.ts';
import type { AuthRepository } from '../../auth/auth.repository.ts';
import type { AuthService } from '../../auth/auth.service.ts';
import type { Principal } from '#src/lib/principal.ts';
import type { FormSettingsRepository, PromoRow } from '../../form-settings/form-settings.repository.ts';
import type { FormSettingsService } from '../../form-settings/form-settings.service.ts';
import type { MailService } from '../../mail/mail.service.ts';
import type { CouponsService } from '../../coupons/coupons.service.ts';
import type { FraudService } from '../../fraud/fraud.service.ts';
import type { WebhooksService } from '../../webhooks/webhooks.service.ts';
import type { ReferralsService } from '../../referrals/referrals.service.ts';
import type { AnalyticsService } from '../../analytics/analytics.service.ts';
import type { UploadsRepository } from '../../uploads/uploads.repository.ts';
import { toOrderSummary, toPromoValidateResponse } from '../orders.mapper.ts';
import type { OrderInsert, OrdersRepository } from '../orders.repository.ts';
import { checkOrderLines, invalidField, toOrderLineRows } from '../order-lines.ts';
import { toOrderStatusView } from '../query/order-status-view.ts';

export type OrdersService = ReturnType<typeof createOrdersService>;

const invalid = invalidField;

/** A stable hash of what was asked, to tell a retry from a different order under the same key. */
export function hashOrderRequest(payload: CreateOrderPayload): string {
  return createHash('sha256').update(canonicalOrderRequest(payload)).digest('hex');
}

/** Where an order request came from, for its partner attribution (decision 059). */
export type OrderVisitor = {
  /** The referral cookie's click id (a pointer only: the database checks the click). */
  clickId: string | null;
  ip: string;
  userAgent: string | undefined;
};

type PartnerPromoRow = PromoRow & { partnerStatus: string | null };
type CouponRow = { code: string; discountPercent: number; partnerAccountId: string };
/** What the promo code field holds: a promo code, a corporate coupon (decision 069), or the refusal of it. */
type PromoResolution =
  | { promo: PartnerPromoRow; coupon: null; refusal: null }
  | { promo: null; coupon: CouponRow; refusal: null }
  | { promo: null; coupon: null; refusal: string };

export function createOrdersService(deps: {
  db: Db;
  repo: OrdersRepository;
  authRepo: AuthRepository;
  auth: AuthService;
  formSettings: FormSettingsService;
  /** The owner of `promo_codes` (decision 026): a use is reserved and given back there. */
  promoRepo: FormSettingsRepository;
  /** The owner of `uploads`: the order's files are attached there. */
  uploadsRepo: UploadsRepository;
  mail: MailService;
  /** The owner of order_attributions: decides the order's partner inside its transaction (decision 059). */
  referrals: Pick<ReferralsService, 'attributeOrder' | 'attributeOrderTo'>;
  /** The owner of the coupon tables: a corporate coupon is checked, used and its campaign charged there. */
  coupons: Pick<
    CouponsService,
    'resolveCoupon' | 'toValidateResponse' | 'useCoupon' | 'attachOrder' | 'releaseCoupon'
  >;
  /** The order-level fraud rules, run on an attributed order (decision 063). */
  fraud: Pick<FraudService, 'scanOrder'>;
  /** Integrator webhooks: `order.created` for an attributed order (decision 071). */
  webhooks: Pick<WebhooksService, 'onOrderCreated'>;
  /** The owner of the funnel stages: records order_created in the order's transaction (decision 066). */
  analytics: Pick<AnalyticsService, 'recordOrderStage'>;
  clock: Clock;
}) {
  const {
    db,
    repo,
    authRepo,
    auth,
    formSettings,
    promoRepo,
    uploadsRepo,
    mail,
    referrals,
    coupons,
    fraud,
    webhooks,
    analytics,
    clock,
  } = deps;

  /**
   * The promo code or corporate coupon if it can be used now, or the message that refuses it (a read only: see
   * reservePromoUse and useCoupon). A promo code wins a clash of names; a coupon is looked up only when no promo
   * code has the name, so an order with a promo code costs no extra round trip (decision 069).
   */
  async function resolvePromo(dbOrTx: DbOrTx, code: string): Promise<PromoResolution> {
    const promo = await repo.findPromo(dbOrTx, code.toUpperCase());
    if (!promo) {
      const coupon = await coupons.resolveCoupon(dbOrTx, code);
      if (coupon?.coupon) return { promo: null, coupon: coupon.coupon, refusal: null };
      return { promo: null, coupon: null, refusal: coupon?.refusal ?? MESSAGES.promoInvalid };
    }
    // A portal partner's code works only while the partner is ACTIVE (decision 061).
    if (promo.partnerStatus && promo.partnerStatus !== 'ACTIVE')
      return { promo: null, coupon: null, refusal: MESSAGES.promoInvalid };
    const status = promoCodeStatus(promo, clock.now());
    if (status === 'ACTIVE') return { promo, coupon: null, refusal: null };
    return {
      promo: null,
      coupon: null,
      refusal: status === 'USED_UP' ? MESSAGES.promoUsedUp : MESSAGES.promoInvalid,
    };
  }

  return {
    async validatePromo(code: string): Promise<PromoValidateResponse> {
      const resolved = await resolvePromo(db, code);
      if (resolved.coupon)
        return coupons.toValidateResponse(code, { coupon: resolved.coupon, refusal: null });
      return toPromoValidateResponse(code, resolved);
    },

    /**
     * Creates a public order. The price comes from our catalogue and promo rules only. With an idempotency key,
     * a retry returns the first order (also under concurrency: the unique index decides) and a different
     * payload under the same key is a 409. Keys are scoped to the caller: the signed-in user, or the order
     * e-mail for a guest; the same key from another caller simply creates that caller's own order.
     */
    async createOrder(
      principal: Principal | null,
      input: CreateOrderPayload,
      idempotencyKey: string | null,
      visitor: OrderVisitor | null = null,
    ): Promise<{ order: OrderSummary; created: boolean }> {
      const catalogue = await formSettings.getFormParams();
      checkOrderLines(catalogue, input);

      const delivery = catalogue.deliveries.find((candidate) => candidate.id === input.deliveryId);
      if (!delivery) throw invalid('deliveryId', MESSAGES.unknownDelivery);
      // Checks that need no database first: a request refused by them opens no transaction.
      if (delivery.type === 'PICKUP_POINT' && !input.pickupPointId)
        throw invalid('pickupPointId', MESSAGES.pickupPointRequired);
      if (delivery.type === 'OFFICE' && !input.deliveryData?.officeId)
        throw invalid('deliveryData.officeId', MESSAGES.officeRequired);
      if (delivery.type === 'COURIER' && !input.address) throw invalid('address', MESSAGES.addressRequired);

      const requestHash = hashOrderRequest(input);
      // Keys belong to their caller (decision 022): another caller's key never finds this caller's order.
      // An integrator's keys share one scope (decision 070): a retry with another of its keys finds the order.
      const idempotencyScope = idempotencyKey
        ? principal?.kind === 'user'
          ? `user:${principal.userId}`
          : principal?.kind === 'apiKey'
            ? `partner-api:${principal.partnerAccountId}`
            : `email:${input.email}`
        : null;

      /** The order already stored under this idempotency key (a retry), or a 409 for a different payload. */
      async function existingOrder(tx: Tx) {
        const existing = await repo.findByIdempotencyKey(tx, idempotencyScope!, idempotencyKey!);
        if (!existing || existing.requestHash !== requestHash) {
          throw new AppError('CONFLICT', MESSAGES.idempotencyConflict);
        }
        return { order: toOrderSummary(existing), created: false };
      }

      // Every check runs in the order's transaction, before its INSERT (decision 064): the INSERT draws the order
      // number, so a request refused here takes none, and the point's check is also its lock (one round trip).
      return db.transaction(async (tx) => {
        let pickupPointId: string | null = null;
        let officeId: string | null = null;
        let place: { name: string; address: string; schedule?: string | null } | null = null;
        if (delivery.type === 'PICKUP_POINT') {
          // Share-locked until the order is stored (decision 019): a deletion of the point (which locks it for
          // update) waits and then sees this order, or has removed the point already.
          const point = await repo.lockActivePoint(tx, input.pickupPointId!);
          if (!point) throw invalid('pickupPointId', MESSAGES.unknownPoint);
          pickupPointId = point.id;
          place = point;
        } else if (delivery.type === 'OFFICE') {
          const office = await repo.findActiveOffice(tx, input.deliveryData!.officeId!);
          if (!office) throw invalid('deliveryData.officeId', MESSAGES.unknownOffice);
          officeId = office.id;
          place = office;
        }

        if (input.partnerId && !(await repo.findActivePartnerAccount(tx, input.partnerId))) {
          throw invalid('partnerId', MESSAGES.unknownPartner);
        }

        if (input.files.length > 0) {
          const total = await repo.sumUploadSizes(tx, input.files);
          if (total > 60 * 1024 * 1024) throw invalid('files', MESSAGES.filesTooLarge);
        }

        let promo: PartnerPromoRow | null = null;
        let coupon: CouponRow | null = null;
        if (input.promoCode) {
          const resolved = await resolvePromo(tx, input.promoCode);
          if (resolved.refusal !== null) throw invalid('promoCode', resolved.refusal);
          promo = resolved.promo;
          coupon = resolved.coupon;
        }
        const price = calculatePrice(catalogue, {
          documentsWithQuantity: input.documentsWithQuantity,
          documentsAssurances: input.documentsAssurances,
          originalLanguage: input.originalLanguage,
          targetLanguage: input.targetLanguage,
          deliveryPrice: delivery.price,
          deliveryName: delivery.name,
          deliveryId: delivery.id,
          discountPercent: promo?.discountPercent ?? coupon?.discountPercent ?? 0,
        });
        const couponDiscountKopecks = Math.round(price.discount * 100);
        const now = clock.now();
        const calendar = {
          nonWorkingDays: new Set(catalogue.calendar.nonWorkingDays),
          workingWeekendDays: new Set(catalogue.calendar.workingWeekendDays),
        };
        const estimatedReadyDate = addWorkingDays(
          moscowDate(now),
          requiredWorkingDays(catalogue, input),
          calendar,
        );

        // The promo use is reserved first, in one conditional UPDATE (decision 019), so an order refused for it
        // stores nothing, not even a customer row or an order number.
        if (promo && !(await promoRepo.reservePromoUse(tx, promo.code, now))) {
          // A retry of the order that took the last use finds that order.
          if (idempotencyKey && (await repo.findByIdempotencyKey(tx, idempotencyScope!, idempotencyKey)))
            return existingOrder(tx);
          const { refusal } = await resolvePromo(tx, promo.code);
          throw invalid('promoCode', refusal ?? MESSAGES.promoUsedUp);
        }
        // A corporate coupon: one conditional UPDATE uses it, one charges its campaign within the cap (decision
        // 069); a refusal throws and the transaction stores nothing.
        let couponUse: { partnerAccountId: string; campaignId: string | null } | null = null;
        if (coupon) {
          const used = await coupons.useCoupon(tx, {
            code: coupon.code,
            discountKopecks: couponDiscountKopecks,
            now,
          });
          if ('taken' in used) {
            if (idempotencyKey && (await repo.findByIdempotencyKey(tx, idempotencyScope!, idempotencyKey)))
              return existingOrder(tx);
            throw invalid('promoCode', used.taken);
          }
          couponUse = used;
        }
        // The files are the last check, before anything is written: each must be free and the caller's, locked
        // until the order takes it. A retry of an order that took them finds that order.
        const uploadProof = {
          userId: principal?.kind === 'user' ? principal.userId : null,
          tokens: input.fileTokens,
        };
        if (
          input.files.length > 0 &&
          (await uploadsRepo.lockAttachable(tx, input.files, uploadProof)) !== input.files.length
        ) {
          if (idempotencyKey && (await repo.findByIdempotencyKey(tx, idempotencyScope!, idempotencyKey)))
            return existingOrder(tx);
          throw invalid('files', MESSAGES.unknownFile);
        }
        // The order's name and phone fill an account that has none (staff find customers by them, decision 048).
        const customer = await authRepo.upsertUserByEmail(tx, input.email, {
          name: input.name,
          phoneNumber: input.phoneNumber,
        });
        const userId = customer.id;
        // Placed while signed in as the order e-mail: its owner placed it. Anyone else's order for this address
        // waits in that cabinet, marked, until the owner confirms it (decision 022).
        const placedByOwner = principal?.kind === 'user' && principal.userId === customer.id;
        const values: OrderInsert = {
          userId,
          email: input.email,
          name: input.name,
          phoneNumber: input.phoneNumber,
          payerType: input.payerType,
          organizationInn: input.payerType === 'ORGANIZATION' ? (input.organizationInn ?? null) : null,
          organizationKpp: input.payerType === 'ORGANIZATION' ? (input.organizationKpp ?? null) : null,
          organizationName: input.payerType === 'ORGANIZATION' ? (input.organizationName ?? null) : null,
          organizationAddress:
            input.payerType === 'ORGANIZATION' ? (input.organizationAddress ?? null) : null,
          comment: input.comment ?? null,
          originalLanguage: input.originalLanguage,
          targetLanguage: input.targetLanguage,
          deliveryId: delivery.id,
          deliveryType: delivery.type,
          deliveryName: delivery.name,
          pickupPointId,
          officeId,
          address: delivery.type === 'COURIER' ? (input.address ?? null) : null,
          apartment: delivery.type === 'COURIER' ? (input.apartment ?? null) : null,
          entrance: delivery.type === 'COURIER' ? (input.entrance ?? null) : null,
          floor: delivery.type === 'COURIER' ? (input.floor ?? null) : null,
          intercom: delivery.type === 'COURIER' ? (input.intercom ?? null) : null,
          addressComment: delivery.type === 'COURIER' ? (input.addressComment ?? null) : null,
          deliveryData: input.deliveryData ?? null,
          amount: price.total,
          deliveryPrice: price.deliveryPrice,
          discount: price.discount,
          promoCode: promo?.code ?? coupon?.code ?? null,
          promoDiscountPercent: promo?.discountPercent ?? coupon?.discountPercent ?? 0,
          priceBreakdown: price,
          estimatedReadyDate,
          partnerId: input.partnerId ?? null,
          utmSource: input.utmSource ?? null,
          utmMedium: input.utmMedium ?? null,
          utmCampaign: input.utmCampaign ?? null,
          utmContent: input.utmContent ?? null,
          utmTerm: input.utmTerm ?? null,
          referrer: input.referrer ?? null,
          landingPage: input.landingPage ?? null,
          acquisitionChannel: input.acquisitionChannel ?? null,
          attributionModel: input.attributionModel ?? null,
          firstTouchAt: input.firstTouchAt ? new Date(input.firstTouchAt) : null,
          lastTouchAt: input.lastTouchAt ? new Date(input.lastTouchAt) : null,
          touchpointCount: input.touchpointCount ?? null,
          marketingValue: input.marketingValue ?? null,
          // The analytics session the order was placed in (decision 066): its funnel, touchpoints, attribution.
          analyticsSessionId: input.analyticsSessionId ?? null,
          analyticsVisitorId: input.analyticsVisitorId ?? null,
          ownerConfirmedAt: placedByOwner ? now : null,
          idempotencyKey,
          idempotencyScope,
          requestHash,
          createdAt: now,
          updatedAt: now,
        };
        const inserted = await repo.insertOrder(tx, values, toOrderLineRows(price.lines), {
          fromStatus: null,
          toStatus: 'NEW',
          comment: null,
          actorUserId: principal?.kind === 'user' ? principal.userId : null,
          createdAt: now,
        });
        if (!inserted) {
          if (promo) await promoRepo.releasePromoUse(tx, promo.code);
          if (coupon && couponUse) {
            await coupons.releaseCoupon(tx, {
              code: coupon.code,
              campaignId: couponUse.campaignId,
              discountKopecks: couponDiscountKopecks,
            });
          }
          return existingOrder(tx);
        }
        // Partner attribution (decision 059), one statement, only when the order carries something to attribute:
        // a plain order pays no round trip for it (decision 031).
        const partnerPromo = promo?.partnerStatus === 'ACTIVE' ? promo.code : null;
        // An order placed through the partner API is its integrator's (source API, decision 070).
        const apiPartnerId = principal?.kind === 'apiKey' ? principal.partnerAccountId : null;
        if (coupon && couponUse) await coupons.attachOrder(tx, coupon.code, inserted.id);
        if (coupon && couponUse && !apiPartnerId) {
          // A coupon is the partner's own instrument: it beats a link and a partnerId (decision 069); an order
          // an integrator placed through the API stays the integrator's.
          const attribution = await referrals.attributeOrderTo(tx, {
            orderId: inserted.id,
            partnerAccountId: couponUse.partnerAccountId,
            couponCode: coupon.code,
            ip: visitor?.ip ?? '',
            userAgent: visitor?.userAgent,
            now,
          });
          if (attribution) {
            await fraud.scanOrder(tx, inserted.id);
            await webhooks.onOrderCreated(tx, inserted);
          }
        } else if (partnerPromo || visitor?.clickId || input.partnerId || apiPartnerId) {
          const attribution = await referrals.attributeOrder(tx, {
            orderId: inserted.id,
            promoCode: partnerPromo,
            clickId: visitor?.clickId ?? null,
            partnerId: input.partnerId ?? null,
            apiPartnerId,
            ip: visitor?.ip ?? '',
            userAgent: visitor?.userAgent,
            now,
          });
          // The fraud rules check an attributed order in its transaction (decision 063): a flagged order's
          // commission is held from the start.
          if (attribution) {
            await fraud.scanOrder(tx, inserted.id);
            // The integrator the order is attributed to hears `order.created` (decision 071).
            await webhooks.onOrderCreated(tx, inserted);
          }
        }
        // The funnel's order_created: one statement, only for an order placed in an analytics session.
        await analytics.recordOrderStage(tx, 'order_created', inserted);
        // Locked before the INSERT (above): attaching cannot fail here; checked all the same.
        const attached = await uploadsRepo.attachUploads(tx, inserted.id, input.files, uploadProof);
        if (attached !== input.files.length) throw invalid('files', MESSAGES.unknownFile);
        // The sign-in link is written by the mail's statement (decision 064): one round trip for both.
        const link = auth.newLoginLink(input.email, `/cabinet/orders/${inserted.id}`, customer);
        await mail.queue(tx, {
          to: inserted.email,
          orderId: inserted.id,
          template: 'order-confirmation',
          params: { order: inserted, signInLink: link.url },
          loginLink: link.write,
          statusView: toOrderStatusView(
            inserted,
            price.lines
              .filter((line) => line.kind === 'document')
              .map((line) => ({ name: line.name, quantity: line.quantity })),
            catalogue.languages,
            place,
          ),
        });
        return { order: toOrderSummary(inserted), created: true };
      });
    },
  };
}

export { badRequest };
