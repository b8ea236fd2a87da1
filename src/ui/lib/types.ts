/** What the create and import flows hand to the app to start the node with a new wallet. */
export interface NewWallet {
  wallet_name: string;
  wallet_password: string;
  passphrase: string;
  enable_hd: boolean;
}
