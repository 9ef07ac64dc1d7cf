import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { royaltyInput, validateCollection } from './collection-validation';

const logo = new Blob([new Uint8Array(1)]);
const ok = { name: '나의 컬렉션', description: '', royalty: '5', logo };
const ko = i18n.getFixedT('ko', 'collection');
const en = i18n.getFixedT('en', 'collection');

describe('collection form rules (spec 2, section 5)', () => {
  it('accepts a valid collection, and an update without a new logo', () => {
    expect(validateCollection(ok, 'create')).toEqual({});
    expect(validateCollection({ ...ok, logo: null }, 'update')).toEqual({});
    expect(validateCollection({ ...ok, royalty: '' }, 'create')).toEqual({});
    expect(validateCollection({ ...ok, royalty: '10', name: 'x'.repeat(100), description: 'd'.repeat(1000) }, 'create')).toEqual({});
  });

  it('requires a logo on create, with the spec text and its English twin', () => {
    const e = validateCollection({ ...ok, logo: null }, 'create');
    expect(e).toEqual({ logo: 'logoRequired' });
    expect(ko(`errors.${e.logo!}`)).toBe('로고 이미지를 선택해 주세요');
    expect(en(`errors.${e.logo!}`)).toBe('Please choose a logo image');
  });

  it('requires a name (blank counts as empty) of at most 100 characters', () => {
    const e = validateCollection({ ...ok, name: '   ' }, 'create');
    expect(e).toEqual({ name: 'nameRequired' });
    expect(ko(`errors.${e.name!}`)).toBe('컬렉션 이름을 입력해 주세요.');
    expect(en(`errors.${e.name!}`)).toBe('Please enter a collection name.');
    const long = validateCollection({ ...ok, name: '가'.repeat(101) }, 'create');
    expect(long).toEqual({ name: 'nameTooLong' });
    expect(ko(`errors.${long.name!}`)).toBe('컬렉션 이름은 최대 100자까지 입력할 수 있습니다.');
    expect(en(`errors.${long.name!}`)).toBe('The collection name can be at most 100 characters.');
  });

  it('limits the description to 1000 characters (an emoji counts once)', () => {
    expect(validateCollection({ ...ok, description: '😀'.repeat(1000) }, 'create')).toEqual({});
    const e = validateCollection({ ...ok, description: 'a'.repeat(1001) }, 'update');
    expect(e).toEqual({ description: 'descriptionTooLong' });
    expect(ko(`errors.${e.description!}`)).toBe('설명은 최대 1000자까지 입력할 수 있습니다.');
    expect(en(`errors.${e.description!}`)).toBe('The description can be at most 1000 characters.');
  });

  it('keeps the royalty to digits, at most 10 percent', () => {
    expect(royaltyInput('1a.5%')).toBe('15');
    expect(royaltyInput('007')).toBe('7');
    expect(royaltyInput('12345')).toBe('12');
    const e = validateCollection({ ...ok, royalty: '11' }, 'create');
    expect(e).toEqual({ royalty: 'royaltyTooBig' });
    expect(validateCollection({ ...ok, royalty: '2.5' }, 'create')).toEqual({ royalty: 'royaltyTooBig' });
    expect(ko(`errors.${e.royalty!}`)).toBe('로열티는 0에서 10 사이로 입력해 주세요.');
    expect(en(`errors.${e.royalty!}`)).toBe('Please enter a royalty from 0 to 10.');
  });

  it('has the image messages of the spec', () => {
    expect(ko('errors.imageFormat')).toBe('지원하지 않는 파일 형식입니다.');
    expect(ko('errors.imageSize')).toBe('파일 크기는 최대 10MB까지만 가능합니다.');
    expect(en('errors.imageFormat')).toBe('This file type is not supported.');
    expect(en('errors.imageSize')).toBe('The file can be at most 10MB.');
  });

  it('has the success messages of the spec', () => {
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
});
