import { Navigate, useNavigate } from 'react-router';
import { platformAdminLoginContract } from '../../../shared/contract';
import { platformAdminMessages } from '../../../shared/messages';
import { paths } from '../../app/page-paths';
import { callApi } from '../../lib/api-client';
import { StaffSignInForm } from '../operator/staff-sign-in-form';
import { readPlatformAdminToken, storePlatformAdminToken } from './platform-admin-session';

/** /admin/login on the bare host: the platform admin signs in. */
export function PlatformAdminLoginPage() {
  const navigate = useNavigate();

  if (readPlatformAdminToken()) return <Navigate to={paths.admin.tenants()} replace />;

  return (
    <StaffSignInForm
      title={platformAdminMessages.loginTitle}
      bodySchema={platformAdminLoginContract.body}
      signIn={(body) => callApi(platformAdminLoginContract, { body })}
      onSignedIn={(token) => {
        storePlatformAdminToken(token);
        navigate(paths.admin.tenants(), { replace: true });
      }}
    />
  );
}
