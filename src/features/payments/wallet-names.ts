import type { Wallet } from "./gateways/gateway";

/** The e-wallets as their brands write themselves, in every language (docs/decisions/0126). */
export const WALLET_NAMES: Record<Wallet, string> = { gopay: "GoPay", shopeepay: "ShopeePay", dana: "DANA", ovo: "OVO", linkaja: "LinkAja" };
