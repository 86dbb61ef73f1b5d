// Wires title registration into the app: the blob store, keys, checkout provider and certificate
// pool it needs, its routes (checkout and registration) and, at start, the recovery of any
// registration whose payment was consumed just before a crash.
import path from 'node:path';
import { serverKeyring, seal, unseal } from '../accounts/crypto.js';
import { userKeysByTurn } from '../accounts/user-keys.js';
import { CertificateCache } from '../certificates/certificate-cache.js';
import { CertificatePool } from '../certificates/certificate-pool.js';
import type { Position, Subscription } from '../eventstore/index.js';
import { FileSystemBlobStore, worksBlobDir, type BlobStore } from '../documents/blob-store.js';
import { deriveBlobWrappingKey } from '../documents/envelope.js';
import { unauthorized } from '../errors.js';
import type { App } from '../http/app.js';
import { LocalCheckoutProvider, StripeCheckoutProvider, type CheckoutProvider } from '../payments/checkout-provider.js';
import { checkoutRoutes } from '../payments/checkout-routes.js';
import { StripePaymentProvider } from '../payments/stripe-provider.js';
import { loadRegistryKey, type RegistryKey } from '../tr-bundle/registry-key.js';
import { startCertificateRenderer } from './certificate-renderer.js';
import { archiveTitlesOfDeletedOwners, startLateRegistrationSweep } from './late-registrations.js';
import { BackgroundWork } from '../accounts/use-cases/deps.js';
import type { OpenForOwner } from './bundle-registration.js';
import { completePendingRegistrations, type RegisterDeps } from './register.js';
import { registrationRoutes } from './routes.js';

export interface RegistrationFeature {
  readonly blobs: BlobStore;
  /** The blobs' wrapping keys: the current server key's first (documents/envelope.ts). */
  readonly wrappingKeys: readonly Buffer[];
  readonly provider: CheckoutProvider;
  readonly registerDeps: RegisterDeps;
  readonly certificates: CertificatePool;
  /** Rendered certificates, kept in the blob store by content (certificates/certificate-cache.ts). */
  readonly certificateCache: CertificateCache;
  readonly registryKey: RegistryKey;
  /** Opens what `registerDeps.sealForOwner` sealed; null once the owner's key is destroyed. */
  readonly openForOwner: OpenForOwner;
}

function createRegistrationFeature(app: App, overrides: Partial<Pick<RegisterDeps, 'afterConsume'>> = {}): RegistrationFeature {
  const { config, pool, store } = app.deps;
  const payments = app.payments;
  const provider: CheckoutProvider =
    payments instanceof StripePaymentProvider ? new StripeCheckoutProvider(payments.stripe) : new LocalCheckoutProvider(config.publicUrl);
  // Each registration seals for its owner, and each .tr download opens it again.
  const ownerKey = userKeysByTurn(pool, serverKeyring());
  const registerDeps: RegisterDeps = {
    store,
    provider,
    publicUrl: config.publicUrl,
    feeCents: config.REGISTRATION_FEE_CENTS,
    async sealForOwner(ownerId, values) {
      const key = await ownerKey(ownerId);
      if (!key) throw unauthorized('This account is closed.');
      return values.map((value) => seal(key, ownerId, value));
    },
    ...overrides,
  };
  const blobs = new FileSystemBlobStore(worksBlobDir(config.dataDir));
  const certificates = new CertificatePool();
  return {
    blobs,
    wrappingKeys: serverKeyring().derived(deriveBlobWrappingKey),
    provider,
    registerDeps,
    certificates,
    // Apart from the works: rendered certificates are derived files, made again whenever missing.
    certificateCache: new CertificateCache(certificates, new FileSystemBlobStore(path.join(config.dataDir, 'certificates'))),
    registryKey: loadRegistryKey({ pem: config.REGISTRY_SIGNING_KEY, dataDir: config.dataDir }),
    async openForOwner(ownerId, sealed) {
      const key = await ownerKey(ownerId);
      return key ? unseal(key, ownerId, sealed) : null;
    },
  };
}

/** Registered under /api by http/routes.ts. */
export async function titleRegistrationRoutes(app: App): Promise<void> {
  const feature = createRegistrationFeature(app);
  const background = new BackgroundWork(app.deps.logger.child({ component: 'registrations' }));
  const sweepDeps = {
    store: app.deps.store,
    pool: app.deps.pool,
    waitForProjections: (position: Position | undefined, readModels: readonly string[]) => app.waitForProjections(position, readModels),
    log: app.log,
    works: feature.blobs,
  };
  app.addHook('onReady', async () => {
    try {
      const completed = await completePendingRegistrations(app.deps.store, {
        actor: { kind: 'system', id: 'registration-recovery', role: null },
        correlationId: 'registration-recovery',
        now: new Date(),
      });
      if (completed.length > 0) app.log.warn({ completed }, 'completed registrations interrupted by a crash');
    } catch (error) {
      app.log.error({ err: error }, 'registration recovery failed');
    }
    // After recovery, in the background: a recovered title of a deleted account is archived too.
    background.run('archiving the titles of deleted accounts', async () => {
      await archiveTitlesOfDeletedOwners(sweepDeps);
    });
  });
  let renderer: Subscription | null = null;
  let sweep: Subscription | null = null;
  app.addHook('onReady', async () => {
    const { store, pool, config } = app.deps;
    // The renderer's workers start now, not at the first certificate (~0.25 s less for its owner).
    // Not under NODE_ENV=test: most of the suite's many apps never render one.
    if (config.NODE_ENV !== 'test') void feature.certificates.warm();
    renderer = await startCertificateRenderer({
      store,
      pool,
      publicUrl: config.publicUrl,
      cache: feature.certificateCache,
      log: app.log,
      quiet: (deadline) => app.requestActivity.quiet(deadline),
    });
    sweep = await startLateRegistrationSweep(sweepDeps);
  });
  app.addHook('onClose', async () => {
    await background.settled();
    await sweep?.stop();
    await renderer?.stop();
    await feature.certificates.close();
  });
  await app.register(checkoutRoutes, { deps: feature.registerDeps });
  await app.register(registrationRoutes, { feature });
}
