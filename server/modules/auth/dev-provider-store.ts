import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * The development provider's short-lived artifacts (interactions, codes, sessions), in memory.
 * It serves one process on a developer machine or in tests, so nothing here needs to outlive it.
 */
export class DevProviderStore implements Adapter {
  private static readonly items = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  private static readonly byUid = new Map<string, string>();
  private static readonly byUserCode = new Map<string, string>();

  constructor(private readonly model: string) {}

  private key(id: string) {
    return `${this.model}:${id}`;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const key = this.key(id);
    DevProviderStore.items.set(key, { payload, expiresAt: Date.now() + expiresIn * 1000 });
    if (payload.uid) DevProviderStore.byUid.set(payload.uid, key);
    if (payload.userCode) DevProviderStore.byUserCode.set(payload.userCode, key);
  }

  private read(key: string | undefined): AdapterPayload | undefined {
    if (!key) return undefined;
    const item = DevProviderStore.items.get(key);
    if (!item) return undefined;
    if (item.expiresAt < Date.now()) {
      DevProviderStore.items.delete(key);
      return undefined;
    }
    return item.payload;
  }

  async find(id: string) {
    return this.read(this.key(id));
  }

  async findByUid(uid: string) {
    return this.read(DevProviderStore.byUid.get(uid));
  }

  async findByUserCode(userCode: string) {
    return this.read(DevProviderStore.byUserCode.get(userCode));
  }

  async consume(id: string): Promise<void> {
    const item = DevProviderStore.items.get(this.key(id));
    if (item) item.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    DevProviderStore.items.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [key, item] of DevProviderStore.items) {
      if (item.payload.grantId === grantId) DevProviderStore.items.delete(key);
    }
  }
}
