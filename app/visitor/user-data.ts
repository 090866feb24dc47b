import { isPartnerAccessDenial } from '~core/gateway';
import type { SearchUserContext, UserData } from '~core/gateway';
import type { ErrorContext } from '../analytics/analytics.ts';
import type { GatewayClient } from '../gateway-client.ts';

/**
 * Spec 3 'User data': getUserData merged with getCurrentUserContext, plus the update-account
 * flow's current screen (null when the flow has not started; missing when it could not be read).
 */
export type VisitorUserData = SearchUserContext &
  UserData & {
    updateAccountFlowScreen?: string | null;
  };

type Report = (error: unknown, context: ErrorContext) => void;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Loads a signed-in visitor's user data. Spec 8: on failure the data is cleared (null) and the
 * error reported, except the partner-class access denial, which is ignored; the flow screen
 * alone failing leaves the rest of the data in place. The flow screen is asked for once the user
 * data says the visitor is a partner.
 */
export async function loadUserData(
  gateway: GatewayClient,
  options: { prefix: string; report: Report },
): Promise<VisitorUserData | null> {
  const { prefix, report } = options;
  const reportUnlessDenied = (error: unknown, source: string) => {
    if (!isPartnerAccessDenial(messageOf(error), prefix)) report(error, { source });
  };
  // Only a partner may call the partner class: anyone else's call could only be denied, leaving
  // the screen missing as skipping it does, but a failed request on every page they open.
  const flowScreenOf = (userData: UserData): Promise<Partial<VisitorUserData>> =>
    userData.IsPartner !== 'true'
      ? Promise.resolve({})
      : gateway.call('getUpdateAccountFlowDetails', {}).then(
          (details) => ({ updateAccountFlowScreen: details.flowScreen }),
          (error: unknown) => {
            reportUnlessDenied(error, 'PartnerController.getUpdateAccountFlowDetails');
            return {};
          },
        );
  try {
    const [userData, context] = await Promise.all([
      gateway.call('getUserData', {}),
      gateway.call('getCurrentUserContext', {}),
    ]);
    return { ...context, ...userData, ...(await flowScreenOf(userData)) };
  } catch (error) {
    reportUnlessDenied(error, 'UserDataUtility.getUserData');
    return null;
  }
}
