// Json.java — the JSON the runtime child protocol needs (the JDK has no JSON
// library and the server fetches nothing but Bouncy Castle): parses one
// value (objects, arrays, strings, numbers, true, false, null) and writes
// maps, lists, strings, numbers and booleans back, compact, on one line.
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class Json {
    private final String s;
    private int i;

    private Json(String s) { this.s = s; }

    /** The value of text; IllegalArgumentException when it is not one JSON value. */
    static Object parse(String text) {
        Json j = new Json(text);
        Object v = j.value();
        j.space();
        if (j.i != text.length()) throw new IllegalArgumentException("characters after the JSON value");
        return v;
    }

    private void space() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
    }

    private char next() {
        space();
        if (i >= s.length()) throw new IllegalArgumentException("the JSON ends too early");
        return s.charAt(i);
    }

    private Object value() {
        char c = next();
        if (c == '{') return object();
        if (c == '[') return array();
        if (c == '"') return string();
        for (String word : new String[] {"true", "false", "null"}) {
            if (s.startsWith(word, i)) {
                i += word.length();
                return word.equals("null") ? null : Boolean.valueOf(word.equals("true"));
            }
        }
        int start = i;
        while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
        String n = s.substring(start, i);
        if (n.isEmpty()) throw new IllegalArgumentException("unexpected '" + c + "' at " + start);
        return n.matches("-?\\d{1,18}") ? (Object) Long.valueOf(n) : (Object) Double.valueOf(n);
    }

    private Map<String, Object> object() {
        Map<String, Object> m = new LinkedHashMap<>();
        i++;
        if (next() == '}') { i++; return m; }
        for (;;) {
            if (next() != '"') throw new IllegalArgumentException("a key must be a string at " + i);
            String k = string();
            if (next() != ':') throw new IllegalArgumentException("':' expected at " + i);
            i++;
            m.put(k, value());
            char c = next();
            i++;
            if (c == '}') return m;
            if (c != ',') throw new IllegalArgumentException("',' or '}' expected at " + (i - 1));
        }
    }

    private List<Object> array() {
        List<Object> a = new ArrayList<>();
        i++;
        if (next() == ']') { i++; return a; }
        for (;;) {
            a.add(value());
            char c = next();
            i++;
            if (c == ']') return a;
            if (c != ',') throw new IllegalArgumentException("',' or ']' expected at " + (i - 1));
        }
    }

    private String string() {
        StringBuilder b = new StringBuilder();
        for (i++; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') { i++; return b.toString(); }
            if (c != '\\') { b.append(c); continue; }
            char e = s.charAt(++i);
            switch (e) {
                case 'b': b.append('\b'); break;
                case 'f': b.append('\f'); break;
                case 'n': b.append('\n'); break;
                case 'r': b.append('\r'); break;
                case 't': b.append('\t'); break;
                case 'u': b.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16)); i += 4; break;
                default: b.append(e);
            }
        }
        throw new IllegalArgumentException("an unterminated string");
    }

    /** v as compact JSON. */
    static String write(Object v) {
        StringBuilder b = new StringBuilder();
        write(v, b);
        return b.toString();
    }

    private static void write(Object v, StringBuilder b) {
        if (v == null) {
            b.append("null");
        } else if (v instanceof Map) {
            b.append('{');
            String sep = "";
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                b.append(sep);
                quote(String.valueOf(e.getKey()), b);
                b.append(':');
                write(e.getValue(), b);
                sep = ",";
            }
            b.append('}');
        } else if (v instanceof List) {
            b.append('[');
            String sep = "";
            for (Object o : (List<?>) v) {
                b.append(sep);
                write(o, b);
                sep = ",";
            }
            b.append(']');
        } else if (v instanceof Number || v instanceof Boolean) {
            b.append(v);
        } else {
            quote(v.toString(), b);
        }
    }

    private static void quote(String s, StringBuilder b) {
        b.append('"');
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        b.append('"');
    }
}
