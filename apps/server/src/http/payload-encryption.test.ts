import { createCipheriv, createDecipheriv, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AES256_TYPE,
  decryptPayload,
  encryptPayload,
  isEncryptablePath,
  PayloadEncryptionError,
} from './payload-encryption.js';

const userKey = '0123456789abcdef0123456789abcdef-9f3a';
const json = '{"message":"hello"}';

describe('AES-128-ECB payloads (default encryption type)', () => {
  it('matches a known vector (computed with the OpenSSL command line)', () => {
    // printf '{"message":"hello"}' | openssl enc -aes-128-ecb -K <hex of "0123456789abcdef"> -base64
    expect(encryptPayload(json, userKey, 3)).toBe('Ai3fslytoiB/1CrwBvAijRDeVocCvNje4NTRkEHA0Kc=');
    expect(decryptPayload('Ai3fslytoiB/1CrwBvAijRDeVocCvNje4NTRkEHA0Kc=', userKey, 3)).toBe(json);
  });

  it('equals node:crypto with the first 16 characters of the user key and PKCS#7 padding', () => {
    const key = randomUUID();
    const text = JSON.stringify({ key: 'k-1', groupId: 42, message: 'Où est mon colis ? 📦' });
    const cipher = createCipheriv('aes-128-ecb', Buffer.from(key.slice(0, 16), 'utf8'), null);
    const expected = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
    expect(encryptPayload(text, key, 0)).toBe(expected);
    expect(decryptPayload(expected, key, 0)).toBe(text);
  });

  it('pads a whole block with a full block of padding', () => {
    const raw = Buffer.from(encryptPayload('0123456789abcdef', userKey, 3), 'base64');
    expect(raw.length).toBe(32);
    const decipher = createDecipheriv('aes-128-ecb', Buffer.from(userKey.slice(0, 16)), null);
    decipher.setAutoPadding(false);
    const plain = Buffer.concat([decipher.update(raw), decipher.final()]);
    expect([...plain.subarray(16)]).toEqual(new Array(16).fill(16));
  });

  it('round-trips any text, empty included', () => {
    for (const text of ['', 'a', '{"a":[1,2,3]}', 'x'.repeat(1000), 'ümlaut ✓ 漢字']) {
      expect(decryptPayload(encryptPayload(text, userKey, 0), userKey, 0)).toBe(text);
    }
  });
});

describe('AES-256-CBC payloads (encryption type 5)', () => {
  const key32 = Buffer.from(userKey.slice(0, 32), 'utf8');

  it('decrypts a known vector: base64(IV ‖ ciphertext), key = first 32 characters', () => {
    // IV 000102…0f; openssl enc -aes-256-cbc -K <hex of the 32 characters> -iv 000102030405060708090a0b0c0d0e0f
    const vector = 'AAECAwQFBgcICQoLDA0OD7gBxiBkfsaUA26VOJXK9O7W68BiS8Lh4pnX5qRYVCRC';
    expect(decryptPayload(vector, userKey, AES256_TYPE)).toBe(json);
  });

  it('puts a fresh random IV in front of the ciphertext, readable by node:crypto', () => {
    const a = encryptPayload(json, userKey, AES256_TYPE);
    const b = encryptPayload(json, userKey, AES256_TYPE);
    expect(a).not.toBe(b);
    const raw = Buffer.from(a, 'base64');
    expect(raw.length).toBe(16 + 32);
    const decipher = createDecipheriv('aes-256-cbc', key32, raw.subarray(0, 16));
    expect(Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]).toString('utf8')).toBe(json);
  });

  it('reads what node:crypto encrypts the same way', () => {
    const iv = Buffer.alloc(16, 7);
    const cipher = createCipheriv('aes-256-cbc', key32, iv);
    const encoded = Buffer.concat([iv, cipher.update(json, 'utf8'), cipher.final()]).toString('base64');
    expect(decryptPayload(encoded, userKey, AES256_TYPE)).toBe(json);
  });

  it('needs a 32-character user key', () => {
    expect(() => encryptPayload(json, 'short-key-0123456789', AES256_TYPE)).toThrow(PayloadEncryptionError);
  });
});

describe('bad payloads', () => {
  const good = encryptPayload(json, userKey, 0);

  it('accepts the ciphertext sent as a JSON string or with line breaks', () => {
    expect(decryptPayload(JSON.stringify(good), userKey, 0)).toBe(json);
    expect(decryptPayload(`${good.slice(0, 10)}\n${good.slice(10)}\n`, userKey, 0)).toBe(json);
  });

  it('refuses plain JSON, non-base64, broken blocks and the wrong key', () => {
    const other = '76543210fedcba9876543210fedcba98';
    for (const bad of [json, 'not base64!', good.slice(0, 10), '']) {
      expect(() => decryptPayload(bad, userKey, 0)).toThrow(PayloadEncryptionError);
    }
    expect(() => decryptPayload(good, other, 0)).toThrow(PayloadEncryptionError);
    // Fixed inputs: without a MAC, a wrong key is only caught by the padding check.
    const cbcVector = 'AAECAwQFBgcICQoLDA0OD7gBxiBkfsaUA26VOJXK9O7W68BiS8Lh4pnX5qRYVCRC';
    expect(() => decryptPayload(cbcVector, other, AES256_TYPE)).toThrow(PayloadEncryptionError);
  });
});

describe('which paths are encrypted', () => {
  it('covers the messaging API except uploads and registration', () => {
    expect(isEncryptablePath('/rest/ws/message/send')).toBe(true);
    expect(isEncryptablePath('/rest/ws/message/v3/list?groupId=1')).toBe(true);
    expect(isEncryptablePath('/rest/ws/upload/image')).toBe(false);
    expect(isEncryptablePath('/rest/ws/bot/platform/verifyupload')).toBe(false);
    expect(isEncryptablePath('/rest/ws/register/client')).toBe(false);
    expect(isEncryptablePath('/rest/ws/file/0b5c6f9e-1f7e-4b1e-9a59-1f0e8f9b1c2d')).toBe(false);
    expect(isEncryptablePath('/rest/ws/file/url?key=abc')).toBe(true);
    expect(isEncryptablePath('/api/settings/webhooks')).toBe(false);
    expect(isEncryptablePath('/ws')).toBe(false);
    // Case and trailing slashes do not change the answer.
    expect(isEncryptablePath('/REST/WS/File/URL//?key=abc')).toBe(true);
    expect(isEncryptablePath('/rest/ws/message/send/')).toBe(true);
    expect(isEncryptablePath('/rest/ws/file/url/x')).toBe(false);
    expect(isEncryptablePath('/rest/ws/Register/client/')).toBe(false);
  });
});
