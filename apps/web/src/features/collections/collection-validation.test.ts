import { COLLECTION_IMAGE_MAX_BYTES } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { mbLabel } from '../account/image-check';
import { collectionFormErrors, royaltyInput } from './collection-validation';

const ok = { name: '나의 컬렉션', description: '', royalty: '5', hasLogo: true };
const ko = i18n.getFixedT('ko', 'collection');
const en = i18n.getFixedT('en', 'collection');
/** The failure's field and its Korean and English message. */
function failure(values: typeof ok, mode: 'create' | 'update' = 'create') {
  const failures = Object.entries(collectionFormErrors(values, mode));
  expect(failures.length).toBeLessThanOrEqual(1);
  const [field, code] = failures[0] ?? [];
  return field && code ? { field, ko: ko(`errors.${code}`), en: en(`errors.${code}`) } : null;
}

describe('collection form rules (spec 2, section 5)', () => {
  it('accepts a valid collection, and an update without a new logo', () => {
    expect(collectionFormErrors(ok, 'create')).toEqual({});
    expect(collectionFormErrors({ ...ok, hasLogo: false }, 'update')).toEqual({});
    expect(collectionFormErrors({ ...ok, royalty: '' }, 'create')).toEqual({});
    expect(
      collectionFormErrors({ ...ok, royalty: '10', name: 'x'.repeat(100), description: 'd'.repeat(1000) }, 'create'),
    ).toEqual({});
  });

  it('requires a logo on create, with the spec text and its English twin', () => {
    expect(failure({ ...ok, hasLogo: false })).toEqual({
      field: 'logo',
      ko: '로고 이미지를 선택해 주세요',
      en: 'Please choose a logo image',
    });
  });

  it('requires a name (blank counts as empty) of at most 100 characters', () => {
    expect(failure({ ...ok, name: '   ' })).toEqual({
      field: 'name',
      ko: '컬렉션 이름을 입력해 주세요.',
      en: 'Please enter a collection name.',
    });
    expect(failure({ ...ok, name: '가'.repeat(101) })).toEqual({
      field: 'name',
      ko: '컬렉션 이름은 최대 100자까지 입력할 수 있습니다.',
      en: 'The collection name can be at most 100 characters.',
    });
  });

  it('limits the description to 1000 characters (an emoji counts once)', () => {
    expect(collectionFormErrors({ ...ok, description: '😀'.repeat(1000) }, 'create')).toEqual({});
    expect(failure({ ...ok, description: 'a'.repeat(1001) }, 'update')).toEqual({
      field: 'description',
      ko: '설명은 최대 1000자까지 입력할 수 있습니다.',
      en: 'The description can be at most 1000 characters.',
    });
  });

  it('keeps the royalty box to digits, at most 10 percent', () => {
    expect(royaltyInput('1a.5%')).toBe('15');
    expect(royaltyInput('007')).toBe('7');
    expect(royaltyInput('12345')).toBe('12');
    expect(failure({ ...ok, royalty: '11' })).toEqual({
      field: 'royalty',
      ko: '로열티는 0에서 10 사이로 입력해 주세요.',
      en: 'Please enter a royalty from 0 to 10.',
    });
  });

  it('has the image, success and access messages of the spec', () => {
    expect(ko('errors.imageFormat')).toBe('지원하지 않는 파일 형식입니다.');
    expect(ko('errors.imageSize', { max: mbLabel(COLLECTION_IMAGE_MAX_BYTES) })).toBe(
      '파일 크기는 최대 10MB까지만 가능합니다.',
    );
    expect(en('errors.imageFormat')).toBe('This file type is not supported.');
    expect(en('errors.imageSize', { max: mbLabel(COLLECTION_IMAGE_MAX_BYTES) })).toBe('The file can be at most 10MB.');
    expect([ko('success.created'), ko('success.updated'), ko('success.deleted')]).toEqual([
      '컬렉션 등록 성공',
      '컬렉션 업데이트 성공',
      '컬렉션 삭제 성공',
    ]);
    expect([en('success.created'), en('success.updated'), en('success.deleted')]).toEqual([
      'Collection created',
      'Collection updated',
      'Collection deleted',
    ]);
    expect(ko('page.wrongAccess')).toBe('잘못된 접근 입니다.');
  });

  it('names every failing field at once, not one at a time', () => {
    expect(
      collectionFormErrors({ name: ' ', description: 'a'.repeat(1001), royalty: '11', hasLogo: false }, 'create'),
    ).toEqual({
      logo: 'logoRequired',
      name: 'nameRequired',
      description: 'descTooLong',
      royalty: 'royaltyTooBig',
    });
    expect(collectionFormErrors({ ...ok, name: '', hasLogo: false }, 'update')).toEqual({ name: 'nameRequired' });
  });
});
