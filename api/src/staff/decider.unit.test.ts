// The staff decider, as given(events).when(command).then(events) / thenThrows, grouped by state:
// no account, invited, active admin, master admin, deleted; then password resets, by the same states.
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { decide, evolve, initialStaffState, type StaffCommand, type StaffState } from './decider.js';
import { parseStaffEvent, type StaffEvent } from './events.js';

const staffId = '0b6f8a52-5a0e-4d8e-9f3c-1a2b3c4d5e6f';
const identity = { staffId, email: 'ops@example.com', firstName: 'Grace', lastName: 'Hopper' };
const hashA = 'a'.repeat(64);
const hashB = 'b'.repeat(64);

const invitation = (tokenHash = hashA, role: 'admin1' | 'admin2' | 'admin3' = 'admin3') => ({
  ...identity,
  role,
  tokenHash,
  expiresAt: '2026-01-08T00:00:00.000Z',
  invitedAt: '2026-01-01T00:00:00.000Z',
});
const invited = (tokenHash = hashA, role: 'admin1' | 'admin2' | 'admin3' = 'admin3'): StaffEvent => ({
  type: 'StaffInvited',
  data: invitation(tokenHash, role),
});
const accepted: StaffEvent = {
  type: 'StaffInvitationAccepted',
  data: {
    termsAcceptedAt: '2026-01-02T00:00:00.000Z',
    privacyAcceptedAt: '2026-01-02T00:00:00.000Z',
    emailVerifiedAt: '2026-01-02T00:00:00.000Z',
  },
};
const master: StaffEvent = { type: 'MasterAdminCreated', data: { ...identity, source: 'environment', createdAt: '2026-01-01T00:00:00.000Z' } };
const deleted: StaffEvent = { type: 'StaffDeleted', data: { deletedAt: '2026-01-03T00:00:00.000Z' } };

const accept = (tokenHash: string, now: string): StaffCommand => ({ type: 'AcceptInvitation', tokenHash, now, data: accepted.data });

function given(...events: StaffEvent[]) {
  const state = events.reduce<StaffState>(evolve, initialStaffState);
  return {
    state,
    when: (command: StaffCommand) => ({
      then: (expected: readonly StaffEvent[]) => {
        const events = decide(command, state);
        expect(events).toEqual(expected);
        for (const event of events) expect(() => parseStaffEvent(event)).not.toThrow();
      },
      thenThrows: (status: number, message?: RegExp) => {
        let thrown: unknown;
        try {
          decide(command, state);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(AppError);
        expect((thrown as AppError).status).toBe(status);
        if (message) expect((thrown as AppError).message).toMatch(message);
      },
    }),
  };
}

describe('no account yet', () => {
  it('can be invited', () => given().when({ type: 'InviteStaff', data: invitation() }).then([invited()]));
  it('can become the master admin', () => given().when({ type: 'CreateMasterAdmin', data: master.data }).then([master]));
  it('cannot accept, sign in, change role or be deleted', () => {
    given().when(accept(hashA, '2026-01-02T00:00:00.000Z')).thenThrows(422, /Invalid or expired invitation/);
    given().when({ type: 'RecordSignIn', data: { portal: 'admin', totpTimeStep: null } }).thenThrows(401, /Invalid admin credentials/);
    given().when({ type: 'ChangeRole', role: 'admin1' }).thenThrows(404);
    given().when({ type: 'DeleteStaff', data: deleted.data }).thenThrows(404);
  });
});

describe('invited', () => {
  it('accepts with the current token before it expires', () =>
    given(invited()).when(accept(hashA, '2026-01-07T23:59:59.000Z')).then([accepted]));
  it('refuses a forged token', () => given(invited()).when(accept(hashB, '2026-01-02T00:00:00.000Z')).thenThrows(422, /Invalid or expired/));
  it('refuses a late acceptance (7 days are up)', () =>
    given(invited()).when(accept(hashA, '2026-01-08T00:00:00.000Z')).thenThrows(422, /Invalid or expired/));
  it('a second invitation replaces the first: the old token no longer opens', () => {
    given(invited(hashA), invited(hashB)).when(accept(hashA, '2026-01-02T00:00:00.000Z')).thenThrows(422);
    given(invited(hashA), invited(hashB)).when(accept(hashB, '2026-01-02T00:00:00.000Z')).then([accepted]);
  });
  it('cannot sign in before accepting, but a failure is recorded', () => {
    given(invited()).when({ type: 'RecordSignIn', data: { portal: 'admin', totpTimeStep: null } }).thenThrows(401);
    given(invited())
      .when({ type: 'RecordSignInFailure', data: { portal: 'admin', reason: 'invitation_pending' } })
      .then([{ type: 'StaffSignInFailed', data: { portal: 'admin', reason: 'invitation_pending' } }]);
  });
  it('its role can be changed and it can be withdrawn', () => {
    given(invited()).when({ type: 'ChangeRole', role: 'admin1' }).then([{ type: 'StaffRoleChanged', data: { from: 'admin3', to: 'admin1' } }]);
    given(invited()).when({ type: 'DeleteStaff', data: deleted.data }).then([deleted]);
  });
  it('the role changed before acceptance is the role the account gets', () => {
    const { state } = given(invited(), { type: 'StaffRoleChanged', data: { from: 'admin3', to: 'admin2' } }, accepted);
    expect(state).toMatchObject({ status: 'active', role: 'admin2' });
  });
});

describe('active admin', () => {
  const active = [invited(), accepted] as const;
  it('cannot accept twice', () => given(...active).when(accept(hashA, '2026-01-02T00:00:00.000Z')).thenThrows(422, /Invalid or expired/));
  it('signs in at /admin/login but not at the master console', () => {
    given(...active).when({ type: 'RecordSignIn', data: { portal: 'admin', totpTimeStep: null } }).then([{ type: 'StaffSignedIn', data: { portal: 'admin', totpTimeStep: null } }]);
    given(...active).when({ type: 'RecordSignIn', data: { portal: 'master-admin', totpTimeStep: null } }).thenThrows(403);
  });
  it('signs out', () => given(...active).when({ type: 'RecordSignOut' }).then([{ type: 'StaffSignedOut', data: {} }]));
  it('changes role; the same role again is no change', () => {
    given(...active).when({ type: 'ChangeRole', role: 'admin1' }).then([{ type: 'StaffRoleChanged', data: { from: 'admin3', to: 'admin1' } }]);
    given(...active).when({ type: 'ChangeRole', role: 'admin3' }).then([]);
  });
  it('is not invited again', () => given(...active).when({ type: 'InviteStaff', data: invitation() }).thenThrows(409));
  it('is deleted', () => given(...active).when({ type: 'DeleteStaff', data: deleted.data }).then([deleted]));
});

describe('active admin with two-factor sign-in', () => {
  const withTwoFactor = [invited(), accepted, { type: 'StaffTwoFactorEnabled', data: { timeStep: 100 } }] as StaffEvent[];
  const signIn = (totpTimeStep: number | null): StaffCommand => ({ type: 'RecordSignIn', data: { portal: 'admin', totpTimeStep } });
  it('turns two-factor on once, with a code newer than any accepted', () => {
    given(invited(), accepted).when({ type: 'EnableTwoFactor', data: { timeStep: 5 } }).then([{ type: 'StaffTwoFactorEnabled', data: { timeStep: 5 } }]);
    given(...withTwoFactor).when({ type: 'EnableTwoFactor', data: { timeStep: 200 } }).thenThrows(409);
  });
  it('needs a code to sign in, and never accepts a code step twice', () => {
    given(...withTwoFactor).when(signIn(null)).thenThrows(401, /Two-factor code required/);
    given(...withTwoFactor).when(signIn(100)).thenThrows(422, /already been used/);
    given(...withTwoFactor).when(signIn(101)).then([{ type: 'StaffSignedIn', data: { portal: 'admin', totpTimeStep: 101 } }]);
    given(...withTwoFactor, { type: 'StaffSignedIn', data: { portal: 'admin', totpTimeStep: 101 } }).when(signIn(101)).thenThrows(422);
  });
  it('turns off, after which a password alone signs in again', () => {
    given(...withTwoFactor).when({ type: 'DisableTwoFactor', data: { proof: 'password' } }).then([{ type: 'StaffTwoFactorDisabled', data: { proof: 'password' } }]);
    given(...withTwoFactor, { type: 'StaffTwoFactorDisabled', data: { proof: 'password' } })
      .when(signIn(null))
      .then([{ type: 'StaffSignedIn', data: { portal: 'admin', totpTimeStep: null } }]);
    given(invited(), accepted).when({ type: 'DisableTwoFactor', data: { proof: 'password' } }).thenThrows(409);
  });
});

describe('master admin', () => {
  it('signs in at both portals', () => {
    given(master).when({ type: 'RecordSignIn', data: { portal: 'master-admin', totpTimeStep: null } }).then([{ type: 'StaffSignedIn', data: { portal: 'master-admin', totpTimeStep: null } }]);
    given(master).when({ type: 'RecordSignIn', data: { portal: 'admin', totpTimeStep: null } }).then([{ type: 'StaffSignedIn', data: { portal: 'admin', totpTimeStep: null } }]);
  });
  it('cannot be re-roled or deleted, so the last master admin never goes', () => {
    given(master).when({ type: 'ChangeRole', role: 'admin1' }).thenThrows(403, /master admin cannot be edited/);
    given(master).when({ type: 'DeleteStaff', data: deleted.data }).thenThrows(403, /master admin cannot be edited/);
  });
  it('is not created twice on one stream', () => given(master).when({ type: 'CreateMasterAdmin', data: master.data }).thenThrows(409));
});

describe('deleted', () => {
  const gone = [invited(), accepted, deleted] as const;
  it('cannot sign in, sign out, accept, change role or be deleted again', () => {
    given(...gone).when({ type: 'RecordSignIn', data: { portal: 'admin', totpTimeStep: null } }).thenThrows(401, /deleted/);
    given(...gone).when({ type: 'RecordSignOut' }).thenThrows(401);
    given(...gone).when(accept(hashA, '2026-01-02T00:00:00.000Z')).thenThrows(422);
    given(...gone).when({ type: 'ChangeRole', role: 'admin1' }).thenThrows(404);
    given(...gone).when({ type: 'DeleteStaff', data: deleted.data }).thenThrows(404, /has been deleted/);
  });
  it('a withdrawn invitation no longer opens', () =>
    given(invited(), deleted).when(accept(hashA, '2026-01-02T00:00:00.000Z')).thenThrows(422));
});

describe('password reset', () => {
  const active = [invited(), accepted] as const;
  const link = (tokenHash: string) => ({ tokenHash, expiresAt: '2026-02-02T00:00:00.000Z', issuedAt: '2026-02-01T00:00:00.000Z' });
  const issued = (tokenHash = hashA): StaffEvent => ({ type: 'StaffPasswordResetIssued', data: link(tokenHash) });
  const issue = (tokenHash = hashA): StaffCommand => ({ type: 'IssuePasswordReset', data: link(tokenHash) });
  const withLink = (tokenHash: string, now = '2026-02-01T12:00:00.000Z'): StaffCommand => ({ type: 'ResetPasswordWithLink', tokenHash, now });
  const fromServer = (now = '2026-02-01T12:00:00.000Z'): StaffCommand => ({ type: 'ResetPasswordFromServer', now });
  const resetBy = (via: 'link' | 'cli', resetAt = '2026-02-01T12:00:00.000Z'): StaffEvent => ({ type: 'StaffPasswordReset', data: { via, resetAt } });

  describe('an active admin', () => {
    it('is sent a link by the master admin', () => given(...active).when(issue()).then([issued()]));
    it('sets a new password with the link before it expires (24 hours)', () => {
      given(...active, issued()).when(withLink(hashA)).then([resetBy('link')]);
      given(...active, issued()).when(withLink(hashA, '2026-02-01T23:59:59.999Z')).then([resetBy('link', '2026-02-01T23:59:59.999Z')]);
    });
    it('refuses a late, forged or absent link', () => {
      given(...active, issued()).when(withLink(hashA, '2026-02-02T00:00:00.000Z')).thenThrows(422, /Invalid or expired reset link/);
      given(...active, issued()).when(withLink(hashB)).thenThrows(422, /Invalid or expired reset link/);
      given(...active).when(withLink(hashA)).thenThrows(422, /Invalid or expired reset link/);
    });
    it('a link works once', () => given(...active, issued(), resetBy('link')).when(withLink(hashA)).thenThrows(422, /Invalid or expired reset link/));
    it('remembers the used link until another reset, so it may finish a reset whose password was never stored', () => {
      expect(given(...active, issued(), resetBy('link')).state).toMatchObject({ pendingReset: null, usedReset: { tokenHash: hashA, expiresAt: '2026-02-02T00:00:00.000Z' } });
      expect(given(...active, issued(), resetBy('link'), issued(hashB)).state).toMatchObject({ pendingReset: { tokenHash: hashB }, usedReset: { tokenHash: hashA } });
      expect(given(...active, issued(), resetBy('link'), issued(hashB), resetBy('link')).state).toMatchObject({ usedReset: { tokenHash: hashB } });
      expect(given(...active, issued(), resetBy('link'), resetBy('cli')).state).toMatchObject({ usedReset: null });
      expect(given(...active, issued(), resetBy('cli')).state).toMatchObject({ usedReset: null });
    });
    it('a newer link replaces the older one', () => {
      given(...active, issued(hashA), issued(hashB)).when(withLink(hashA)).thenThrows(422);
      given(...active, issued(hashA), issued(hashB)).when(withLink(hashB)).then([resetBy('link')]);
    });
    it('is reset from the server, which spends a pending link too', () => {
      given(...active).when(fromServer()).then([resetBy('cli')]);
      given(...active, issued(), resetBy('cli')).when(withLink(hashA)).thenThrows(422);
    });
    it('keeps two-factor sign-in on through a reset', () => {
      const { state } = given(...active, { type: 'StaffTwoFactorEnabled', data: { timeStep: 7 } }, issued(), resetBy('link'));
      expect(state).toMatchObject({ status: 'active', twoFactor: true, pendingReset: null });
      given(...active, { type: 'StaffTwoFactorEnabled', data: { timeStep: 7 } }, issued(), resetBy('link'))
        .when({ type: 'RecordSignIn', data: { portal: 'admin', totpTimeStep: null } })
        .thenThrows(401, /Two-factor code required/);
    });
    it('the link survives a role change, not a deletion', () => {
      given(...active, issued(), { type: 'StaffRoleChanged', data: { from: 'admin3', to: 'auditor' } }).when(withLink(hashA)).then([resetBy('link')]);
      given(...active, issued(), deleted).when(withLink(hashA)).thenThrows(422, /Invalid or expired reset link/);
    });
  });

  describe('a master admin', () => {
    it('is not sent a link from the console', () => given(master).when(issue()).thenThrows(403, /master admin cannot be edited/));
    it('is reset from the server', () => given(master).when(fromServer()).then([resetBy('cli')]));
  });

  describe('an invitee, a deleted account, no account', () => {
    it('an invitee has no password yet: no link, no reset (invite again instead)', () => {
      given(invited()).when(issue()).thenThrows(409, /not accepted the invitation/);
      given(invited()).when(fromServer()).thenThrows(409, /not accepted the invitation/);
      given(invited()).when(withLink(hashA)).thenThrows(422);
    });
    it('a deleted account or none is not found', () => {
      given(...active, deleted).when(issue()).thenThrows(404);
      given(...active, deleted).when(fromServer()).thenThrows(404);
      given().when(issue()).thenThrows(404);
      given().when(fromServer()).thenThrows(404);
      given().when(withLink(hashA)).thenThrows(422);
    });
  });
});
