import { hydrateIslands } from "../runtime/hydrate";
import { bindLanguageSwitchers } from "../runtime/language-switch";
import { CopyButton } from "../components/copy-button";
import { AdminAccess } from "../devtools/admin-access";
import { FirebaseTestPanel } from "../devtools/firebase-test-panel";
import { IntegrationPanel } from "../devtools/integration-panel";
import { HostedIdentityTest, OAuthTestButtons } from "../devtools/oauth-test-buttons";

// One entry for the setup, test and dashboard pages; the Firebase SDK is a separate chunk
// loaded only when the server has its configuration.
bindLanguageSwitchers();
hydrateIslands({
  "copy-button": CopyButton,
  "admin-access": AdminAccess,
  "firebase-test-panel": FirebaseTestPanel,
  "integration-panel": IntegrationPanel,
  "oauth-test-buttons": OAuthTestButtons,
  "hosted-identity-test": HostedIdentityTest,
});
