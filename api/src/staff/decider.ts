// A staff account's write side: pure decide/evolve over `admin-<id>`. Time, ids and the hash of the
// presented invitation or reset token come with the command; the password is checked (and stored)
// outside, before the command is made. The rules here need only the stream: who may be invited,
// accepted, signed in, re-roled, reset or deleted in which status, and that a master admin is never
// edited or removed from the console (so the last master admin can never go).
import { assertNever, type Decider } from '../domain/decider.js';
import { conflict, forbidden, notFound, unauthorized, unprocessable } from '../errors.js';
import { STAFF_MESSAGES, type InvitableRole, type StaffRole } from '../schemas/staff.js';
import { streamEventTypes } from '../events/index.js';
import type { StaffEvent, StaffEventOf } from './events.js';

type Data<K extends StaffEvent['type']> = StaffEventOf<K>['data'];

export type StaffCommand =
  | { readonly type: 'CreateMasterAdmin'; readonly data: Data<'MasterAdminCreated'> }
  | { readonly type: 'InviteStaff'; readonly data: Data<'StaffInvited'> }
  | {
      readonly type: 'AcceptInvitation';
      /** SHA-256 (hex) of the token the invitee presented. */
      readonly tokenHash: string;
      readonly now: string;
      readonly data: Data<'StaffInvitationAccepted'>;
    }
  | { readonly type: 'RecordSignIn'; readonly data: Data<'StaffSignedIn'> }
  | { readonly type: 'RecordSignInFailure'; readonly data: Data<'StaffSignInFailed'> }
  | { readonly type: 'RecordSignOut' }
  | { readonly type: 'ChangeRole'; readonly role: InvitableRole }
  | { readonly type: 'EnableTwoFactor'; readonly data: Data<'StaffTwoFactorEnabled'> }
  | { readonly type: 'DisableTwoFactor'; readonly data: Data<'StaffTwoFactorDisabled'> }
  | { readonly type: 'DeleteStaff'; readonly data: Data<'StaffDeleted'> }
  | { readonly type: 'IssuePasswordReset'; readonly data: Data<'StaffPasswordResetIssued'> }
  | {
      readonly type: 'ResetPasswordWithLink';
      /** SHA-256 (hex) of the token the member presented. */
      readonly tokenHash: string;
      readonly now: string;
    }
  /** `npm run admin -- reset-password`: whoever runs it holds the server, so no token is asked for. */
  | { readonly type: 'ResetPasswordFromServer'; readonly now: string };

interface Identity {
  readonly staffId: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

interface InvitedStaff extends Identity {
  readonly status: 'invited';
  readonly role: InvitableRole;
  readonly tokenHash: string;
  readonly expiresAt: string;
  readonly invitedAt: string;
}

export interface ActiveStaff extends Identity {
  readonly status: 'active';
  readonly role: StaffRole;
  readonly createdAt: string;
  readonly twoFactor: boolean;
  /** The time step of the last TOTP code accepted: codes at or before it are replays. */
  readonly lastTotpTimeStep: number | null;
  /** The hash of the invitation token the account was accepted with (none for a master admin made at start). */
  readonly acceptedTokenHash: string | null;
  /** The reset link a master admin sent last, until it is used or replaced. */
  readonly pendingReset: { readonly tokenHash: string; readonly expiresAt: string } | null;
  /**
   * The link of the last reset, once used (none after a reset from the server): until it would have
   * expired, it may finish that reset if its password was never stored.
   */
  readonly usedReset: { readonly tokenHash: string; readonly expiresAt: string } | null;
}

export type StaffState =
  | { readonly status: 'none' }
  | InvitedStaff
  | ActiveStaff
  | { readonly status: 'deleted'; readonly staffId: string; readonly email: string };

export const initialStaffState: StaffState = { status: 'none' };

export const STAFF_ERRORS = {
  noSuchAdmin: 'No such admin.',
  alreadyStaff: 'An admin with this email already exists.',
  masterNotEditable: 'A master admin cannot be edited or deleted.',
  notMasterAdmin: 'This console is for master admins only.',
  deleted: 'This admin account has been deleted.',
  twoFactorRequired: 'Two-factor code required',
  codeReplayed: 'This code has already been used. Wait for the next one.',
  twoFactorOn: 'Two-factor authentication is already enabled.',
  twoFactorOff: 'Two-factor authentication is not enabled.',
  invitationPending: 'This admin has not accepted the invitation yet: invite them again to send a new link.',
} as const;

function refuseReplay(staff: ActiveStaff, timeStep: number): void {
  if (staff.lastTotpTimeStep !== null && timeStep <= staff.lastTotpTimeStep) throw unprocessable(STAFF_ERRORS.codeReplayed);
}

function requireExisting(state: StaffState): InvitedStaff | ActiveStaff {
  switch (state.status) {
    case 'invited':
    case 'active':
      return state;
    case 'none':
      throw notFound(STAFF_ERRORS.noSuchAdmin);
    case 'deleted':
      // Said as such: the master admin's second tab (or double click) deleting it too learns what happened.
      throw notFound(STAFF_ERRORS.deleted);
    default:
      return assertNever(state);
  }
}

function requireActive(state: StaffState): ActiveStaff {
  if (state.status === 'active') return state;
  if (state.status === 'deleted') throw unauthorized(STAFF_ERRORS.deleted);
  throw unauthorized(STAFF_MESSAGES.invalidAdminCredentials);
}

/** An account whose invitation was accepted (a pending invitee has no password to reset). */
function requireAccepted(state: StaffState): ActiveStaff {
  const staff = requireExisting(state);
  if (staff.status !== 'active') throw conflict(STAFF_ERRORS.invitationPending);
  return staff;
}

function refuseMaster(staff: InvitedStaff | ActiveStaff): void {
  if (staff.role === 'master_admin') throw forbidden(STAFF_ERRORS.masterNotEditable);
}

export function decide(command: StaffCommand, state: StaffState): readonly StaffEvent[] {
  switch (command.type) {
    case 'CreateMasterAdmin':
      if (state.status !== 'none') throw conflict(STAFF_ERRORS.alreadyStaff);
      return [{ type: 'MasterAdminCreated', data: command.data }];
    case 'InviteStaff':
      // A second invitation to a pending address replaces the first; an account already in use is not re-invited.
      if (state.status === 'active' || state.status === 'deleted') throw conflict(STAFF_ERRORS.alreadyStaff);
      return [{ type: 'StaffInvited', data: command.data }];
    case 'AcceptInvitation': {
      const valid =
        state.status === 'invited' && state.tokenHash === command.tokenHash && Date.parse(command.now) < Date.parse(state.expiresAt);
      if (!valid) throw unprocessable(STAFF_MESSAGES.invalidInvitation);
      return [{ type: 'StaffInvitationAccepted', data: command.data }];
    }
    case 'RecordSignIn': {
      const staff = requireActive(state);
      if (command.data.portal === 'master-admin' && staff.role !== 'master_admin') throw forbidden(STAFF_ERRORS.notMasterAdmin);
      if (staff.twoFactor && command.data.totpTimeStep === null) throw unauthorized(STAFF_ERRORS.twoFactorRequired);
      if (command.data.totpTimeStep !== null) refuseReplay(staff, command.data.totpTimeStep);
      return [{ type: 'StaffSignedIn', data: command.data }];
    }
    case 'RecordSignInFailure':
      requireExisting(state);
      return [{ type: 'StaffSignInFailed', data: command.data }];
    case 'RecordSignOut':
      requireActive(state);
      return [{ type: 'StaffSignedOut', data: {} }];
    case 'ChangeRole': {
      const staff = requireExisting(state);
      refuseMaster(staff);
      if (staff.role === command.role) return [];
      return [{ type: 'StaffRoleChanged', data: { from: staff.role, to: command.role } }];
    }
    case 'DeleteStaff': {
      const staff = requireExisting(state);
      refuseMaster(staff);
      return [{ type: 'StaffDeleted', data: command.data }];
    }
    case 'EnableTwoFactor': {
      const staff = requireActive(state);
      if (staff.twoFactor) throw conflict(STAFF_ERRORS.twoFactorOn);
      refuseReplay(staff, command.data.timeStep);
      return [{ type: 'StaffTwoFactorEnabled', data: command.data }];
    }
    case 'DisableTwoFactor': {
      const staff = requireActive(state);
      if (!staff.twoFactor) throw conflict(STAFF_ERRORS.twoFactorOff);
      return [{ type: 'StaffTwoFactorDisabled', data: command.data }];
    }
    case 'IssuePasswordReset': {
      const staff = requireExisting(state);
      // A master admin is not edited from the console; their own way back is the server's command line.
      refuseMaster(staff);
      requireAccepted(staff);
      return [{ type: 'StaffPasswordResetIssued', data: command.data }];
    }
    case 'ResetPasswordWithLink': {
      const reset = state.status === 'active' ? state.pendingReset : null;
      const valid = reset !== null && reset.tokenHash === command.tokenHash && Date.parse(command.now) < Date.parse(reset.expiresAt);
      if (!valid) throw unprocessable(STAFF_MESSAGES.invalidResetLink);
      return [{ type: 'StaffPasswordReset', data: { via: 'link', resetAt: command.now } }];
    }
    case 'ResetPasswordFromServer':
      requireAccepted(state);
      return [{ type: 'StaffPasswordReset', data: { via: 'cli', resetAt: command.now } }];
    default:
      return assertNever(command);
  }
}

export function evolve(state: StaffState, event: StaffEvent): StaffState {
  switch (event.type) {
    case 'MasterAdminCreated': {
      const { staffId, email, firstName, lastName, createdAt } = event.data;
      return {
        status: 'active',
        staffId,
        email,
        firstName,
        lastName,
        role: 'master_admin',
        createdAt,
        twoFactor: false,
        lastTotpTimeStep: null,
        acceptedTokenHash: null,
        pendingReset: null,
        usedReset: null,
      };
    }
    case 'StaffInvited': {
      const { staffId, email, firstName, lastName, role, tokenHash, expiresAt, invitedAt } = event.data;
      return { status: 'invited', staffId, email, firstName, lastName, role, tokenHash, expiresAt, invitedAt };
    }
    case 'StaffInvitationAccepted':
      if (state.status !== 'invited') return state;
      return {
        status: 'active',
        staffId: state.staffId,
        email: state.email,
        firstName: state.firstName,
        lastName: state.lastName,
        role: state.role,
        createdAt: event.data.emailVerifiedAt,
        twoFactor: false,
        lastTotpTimeStep: null,
        acceptedTokenHash: state.tokenHash,
        pendingReset: null,
        usedReset: null,
      };
    case 'StaffRoleChanged':
      if (state.status === 'invited') return { ...state, role: event.data.to };
      if (state.status === 'active') return { ...state, role: event.data.to };
      return state;
    case 'StaffDeleted':
      if (state.status === 'invited' || state.status === 'active') return { status: 'deleted', staffId: state.staffId, email: state.email };
      return state;
    case 'StaffSignedIn':
      return state.status === 'active' && event.data.totpTimeStep !== null ? { ...state, lastTotpTimeStep: event.data.totpTimeStep } : state;
    case 'StaffTwoFactorEnabled':
      return state.status === 'active' ? { ...state, twoFactor: true, lastTotpTimeStep: event.data.timeStep } : state;
    case 'StaffTwoFactorDisabled':
      return state.status === 'active' ? { ...state, twoFactor: false } : state;
    case 'StaffPasswordResetIssued':
      return state.status === 'active' ? { ...state, pendingReset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } } : state;
    case 'StaffPasswordReset':
      if (state.status !== 'active') return state;
      return { ...state, pendingReset: null, usedReset: event.data.via === 'link' ? state.pendingReset : null };
    case 'StaffSignInFailed':
    case 'StaffSignedOut':
      return state;
    default:
      return assertNever(event);
  }
}

export const staffDecider: Decider<StaffState, StaffCommand, StaffEvent> = {
  eventTypes: streamEventTypes('admin'),
  initialState: initialStaffState,
  decide,
  evolve,
};
