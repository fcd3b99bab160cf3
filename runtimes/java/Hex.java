// Hex.java — byte strings as the protocol carries them: lower-case hex.
final class Hex {
    private Hex() {}

    static String of(byte[] b) {
        StringBuilder s = new StringBuilder(2 * b.length);
        for (byte x : b) s.append(Character.forDigit((x >> 4) & 15, 16)).append(Character.forDigit(x & 15, 16));
        return s.toString();
    }

    static byte[] bytes(String s) {
        if (s.length() % 2 != 0) throw new Failure("invalid", "hex of odd length");
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            int hi = Character.digit(s.charAt(2 * i), 16), lo = Character.digit(s.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0) throw new Failure("invalid", "not hex");
            b[i] = (byte) (hi << 4 | lo);
        }
        return b;
    }
}
