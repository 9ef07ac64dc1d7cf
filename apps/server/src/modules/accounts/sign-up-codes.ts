/**
 * The sign-up's answers as the spec's returnCodes, decided once: the repository and the checks answer in domain
 * terms (a conflict, a verification outcome, an address's status), the use cases and routes answer with these.
 */
import { ReturnCode, type ReturnCodeValue } from '@att/shared';
import type { ExistStatus, SignUpConflict, VerifyOutcome } from './signups-repository';

/** 226 the address is a verified member's, 46 it withdrew too recently, 42 the name (or a confusable one) is taken, 223 the e-mail is. */
export function conflictCode(conflict: SignUpConflict): ReturnCodeValue {
  switch (conflict) {
    case 'address-verified':
      return ReturnCode.AddressExists;
    case 'withdrawn-recently':
      return ReturnCode.DuplicateSignUpRestricted;
    case 'name-taken':
      return ReturnCode.AlreadyExists;
    case 'email-taken':
      return ReturnCode.EmailExists;
  }
}

/** /emailVerify/register/check: 0, 41, 11, 25, 85, 114, or a conflict's 42/223. */
export function verifyCode(outcome: VerifyOutcome): ReturnCodeValue {
  switch (outcome) {
    case 'verified':
      return ReturnCode.Success;
    case 'no-sign-up':
      return ReturnCode.AccountNotFound;
    case 'already-verified':
      return ReturnCode.AlreadyProcessed;
    case 'too-many-attempts':
      return ReturnCode.TooManyWrongRequests;
    case 'code-ended':
      return ReturnCode.TimeExpired;
    case 'wrong-code':
      return ReturnCode.WrongCertNumber;
    default:
      return conflictCode(outcome);
  }
}

/** /user/exist: 42 verified, 41 unknown, 43 blocked, 44 deleted, 13 pending with a live code, 85 pending but expired. */
export function existCode(status: ExistStatus): ReturnCodeValue {
  switch (status.state) {
    case 'unknown':
      return ReturnCode.AccountNotFound;
    case 'blocked':
      return ReturnCode.AccountBlocked;
    case 'deleted':
      return ReturnCode.AccountDeleted;
    case 'verified':
      return ReturnCode.AlreadyExists;
    case 'pending':
      return ReturnCode.EarlierRequestExists;
    case 'expired':
      return ReturnCode.TimeExpired;
  }
}
