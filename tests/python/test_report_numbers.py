"""The report's number format (cryptometer.report_numbers): 3 significant digits, thousands
separators, units; never an exponent, never None."""

from cryptometer import report_numbers as num


def test_three_significant_digits_with_separators():
    assert [num.number(v) for v in (10550, 5123.4, 1234567, 999.5, 12.34, 0.0001234, 0, -2500.0)] == [
        "10,600", "5,120", "1,230,000", "1,000", "12.3", "0.000123", "0", "-2,500"]


def test_no_exponent_and_no_none():
    assert num.number(1.055e+04) == "10,600" and num.number(3e-12) == "< 0.000000001"
    assert [num.number(v) for v in (None, float("nan"), float("inf"), True, "7")] == [""] * 5
    assert num.number(None, "—") == "—" and num.with_unit(None, "MB/s") == ""


def test_units_percent_ratio_and_sizes():
    assert num.with_unit(7674.2, "MB/s") == "7,670\u00a0MB/s"
    assert num.percent(0.01234) == "±1.23%" and num.ratio(1.3755) == "×1.38"
    assert [num.size(s) for s in (16, 1024, 16384, 1 << 20, 1000, None)] == [
        "16\u00a0B", "1\u00a0KiB", "16\u00a0KiB", "1\u00a0MiB", "1,000\u00a0B", ""]


def test_a_count_is_exact():
    """Records and runs are counted, not measured: never '61.0' or '1,180' for 1,179."""
    assert [num.count(n) for n in (0, 61, 1179, 1234567)] == ["0", "61", "1,179", "1,234,567"]
    assert [num.count(v) for v in (None, 61.0, True)] == ["", "", ""]
