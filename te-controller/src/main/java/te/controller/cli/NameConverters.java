package te.controller.cli;

import picocli.CommandLine.ITypeConverter;
import te.lp.Objective;
import te.lp.pop.Partitioner;

/**
 * Options whose value is one of a few names, read when the command line is parsed: an unknown name
 * is then a parse error (exit 2, as for any enum option), not a failure of the run (exit 1).
 */
public final class NameConverters {
    private NameConverters() {
    }

    /** {@code --objective}: total-flow, concurrent-flow, min-mlu, fair, max-min-fair. */
    public static final class ObjectiveName implements ITypeConverter<Objective> {
        @Override
        public Objective convert(String value) {
            return Objective.parse(value);
        }
    }

    /** {@code --partitioner}: random, balanced, skewed. */
    public static final class PartitionerName implements ITypeConverter<Partitioner> {
        @Override
        public Partitioner convert(String value) {
            return Partitioner.byName(value);
        }
    }
}
