// CipherObj.java — AES-CBC and AES-CTR without padding ("AES/CBC/NoPadding",
// "AES/CTR/NoPadding") as cryptometer's cipher class defines them: keyed
// once; a call with an IV starts a stream in its direction (Cipher.init), a
// call without one continues it (Cipher.update on the same Cipher), one
// Cipher per direction. The timed loop is update on a stream started once.
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

final class CipherObj implements Obj {
    private final boolean ctr;
    private final SecretKey key;
    private final Cipher[] streams = new Cipher[2]; // encrypt, decrypt
    private final boolean[] started = new boolean[2];

    CipherObj(String alg, String variant, byte[] key) throws Exception {
        if (key.length != Server.keyLength(alg)) throw new Failure("invalid", "a key of " + key.length + " bytes");
        ctr = alg.endsWith("-ctr");
        this.key = new SecretKeySpec(key, "AES");
        String transformation = ctr ? "AES/CTR/NoPadding" : "AES/CBC/NoPadding";
        for (int i = 0; i < 2; i++)
            streams[i] = Jca.get(transformation, variant, Cipher::getInstance, Cipher::getInstance);
    }

    /** in through direction dir's stream (started from iv when not null). */
    private byte[] crypt(int dir, byte[] iv, byte[] in) throws Exception {
        if (iv != null) {
            if (iv.length != 16) throw new Failure("invalid", "an iv of " + iv.length + " bytes");
            streams[dir].init(dir == 0 ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE, key, new IvParameterSpec(iv));
            started[dir] = true;
        }
        if (!started[dir]) throw new Failure("invalid", "no stream to continue: the first call gives an iv");
        if (!ctr && in.length % 16 != 0) throw new Failure("invalid", "CBC takes whole blocks, not " + in.length + " bytes");
        byte[] out = new byte[in.length];
        int n = streams[dir].update(in, 0, in.length, out, 0);
        if (n != in.length) throw new Failure("library", "update gave " + n + " of " + in.length + " bytes");
        return out;
    }

    public Map<String, Object> call(String op, Map<String, Object> r) throws Exception {
        int dir = op.equals("encrypt") ? 0 : op.equals("decrypt") ? 1 : -1;
        if (dir < 0) throw new Failure("unsupported", op + " on a cipher");
        return Map.of("out", Hex.of(crypt(dir, (byte[]) r.get("iv"), (byte[]) r.get("msg"))));
    }

    /** Refuses a provider whose CTR update holds back a partial block: its
     *  stream cannot go on from any byte, as the cipher class's calls do. */
    private void streamsEveryByte() throws Exception {
        if (!ctr) return;
        streams[0].init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[16]));
        int n = streams[0].update(new byte[1], 0, 1, new byte[16], 0);
        if (n != 1)
            throw new Failure("unsupported", provider() + "'s AES/CTR/NoPadding holds back a partial block in "
                    + "update (1 byte in, " + n + " out): it cannot continue a stream from any byte");
    }

    public Op bench(String op, int size) throws Exception {
        streamsEveryByte();
        int dir = op.equals("decrypt") ? 1 : 0;
        byte[] msg = Server.random(size), out = new byte[size];
        if (dir == 1) msg = crypt(0, Server.random(16), msg);
        byte[] in = msg;
        crypt(dir, Server.random(16), in);
        Cipher c = streams[dir];
        return () -> c.update(in, 0, size, out, 0);
    }

    public String provider() { return Jca.named(streams[0].getProvider()); }
}
