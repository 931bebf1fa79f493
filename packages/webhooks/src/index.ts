// Webhooks: the signing secret of an endpoint, the network rules for their targets, and the
// sending of one signed delivery. The command service checks targets and shows secrets; the
// projection service's deliverer sends.
export * from './secret.ts';
export * from './send.ts';
export * from './targets.ts';
