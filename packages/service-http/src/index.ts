// HTTP conventions shared by the services.
export {};
