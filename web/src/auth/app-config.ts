// Runtime configuration served next to the app, read once.

export interface AppConfig {
  productName: string;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl?: string;
}

let loading: Promise<AppConfig> | null = null;

export function loadAppConfig(): Promise<AppConfig> {
  loading ??= fetch('/app-config.json', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok)
        throw new Error(`The app configuration could not be loaded (${response.status}).`);
      return (await response.json()) as AppConfig;
    })
    .catch((error: unknown) => {
      loading = null; // let a later attempt try again
      throw error;
    });
  return loading;
}
