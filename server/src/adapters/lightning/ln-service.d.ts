/** The parts of ln-service (LND over gRPC) this server uses; the package ships no type declarations. */
declare module 'ln-service' {
  type Lnd = object;
  export function authenticatedLndGrpc(args: { cert?: string; macaroon: string; socket: string }): { lnd: Lnd };
  export function createInvoice(args: { lnd: Lnd; tokens: number; description?: string; expires_at?: string }): Promise<{ id: string; request: string; created_at: string }>;
  export function getInvoice(args: { lnd: Lnd; id: string }): Promise<{ id: string; is_confirmed: boolean; is_canceled?: boolean; received: number; tokens: number }>;
  export function subscribeToInvoices(args: { lnd: Lnd }): import('node:events').EventEmitter;
  export function getPayment(args: { lnd: Lnd; id: string }): Promise<{ is_confirmed: boolean; is_failed: boolean; is_pending: boolean; payment?: { id: string } }>;
  export function payViaPaymentRequest(args: { lnd: Lnd; request: string; tokens?: number; max_fee?: number }): Promise<{ id: string }>;
  export function sendToChainAddress(args: { lnd: Lnd; address: string; tokens: number; description?: string }): Promise<{ id: string }>;
  export function getChainTransactions(args: { lnd: Lnd }): Promise<{ transactions: { id: string; description?: string }[] }>;
  export function decodePaymentRequest(args: { lnd: Lnd; request: string }): Promise<{ id: string; tokens: number }>;
  export function getChannelBalance(args: { lnd: Lnd }): Promise<{ channel_balance: number }>;
  export function getChainBalance(args: { lnd: Lnd }): Promise<{ chain_balance: number }>;
}
