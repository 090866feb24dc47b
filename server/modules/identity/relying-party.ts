import * as client from 'openid-client';

export interface RelyingPartySettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** Requests to the provider go through this instead of the network (the built-in provider). */
  fetch?: client.CustomFetch;
}

/**
 * The portal as an OpenID Connect client of one provider. The provider's metadata is fetched
 * on first use and kept; a failed fetch is retried on the next sign-in instead of stopping
 * the site from starting.
 */
export class RelyingParty {
  private configuration: Promise<client.Configuration> | undefined;
  private readonly settings: RelyingPartySettings;

  constructor(settings: RelyingPartySettings) {
    this.settings = settings;
  }

  get issuer(): string {
    return this.settings.issuer;
  }

  async discover(): Promise<client.Configuration> {
    this.configuration ??= this.fetchConfiguration();
    try {
      return await this.configuration;
    } catch (error) {
      this.configuration = undefined;
      throw error;
    }
  }

  private fetchConfiguration(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    const insecure = new URL(issuer).protocol === 'http:';
    return client.discovery(
      new URL(issuer),
      clientId,
      undefined,
      clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
      {
        ...(this.settings.fetch ? { [client.customFetch]: this.settings.fetch } : {}),
        // Only a local provider (the built-in one on http://localhost, a test Keycloak) is http.
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
  }
}
